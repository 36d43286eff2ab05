import { refreshCookieName } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { commandLineEvents, resetPasswordCommand } from "../admin-command.js";
import { refreshTokens, sessions, users } from "../db/schema/index.js";
import { closeRevokedSockets } from "../jobs/revoked-sockets.js";
import { useLiveServer } from "../test/live-server.js";
import { recordEvents, settle } from "../test/socket-client.js";
import { endedBecause, endedWithin, reachesUser, sessionIdOf } from "../test/socket-revocation.js";

// Revoking a sign-in ends its live sockets too (issue 11): HTTP access and socket events stop together.
// Each socket is told why first (issue 28), so its screen can go to the sign-in page and say so.
const live = useLiveServer();

interface SignIn {
  token: string;
  cookie: string;
  socket: Socket;
}

/** A user signed in `count` times (as on several browsers), each sign-in with a live socket. */
async function signedInTimes(count: number) {
  const user = await live.server.createUser();
  const signIns: SignIn[] = [];
  for (let i = 0; i < count; i++) {
    const session = await live.server.login(user.email, user.password);
    signIns.push({ token: session.token, cookie: session.cookie, socket: await live.sockets.connect(session.token) });
  }
  return { user, signIns: signIns as [SignIn, ...SignIn[]] };
}

async function stillConnected(socket: Socket): Promise<void> {
  await settle(socket);
  expect(socket.connected).toBe(true);
}

describe("logout", () => {
  it("closes the sockets of that sign-in, which then receive nothing, and keeps the others", async () => {
    const { user, signIns } = await signedInTimes(2);
    const [leaving, staying] = signIns as [SignIn, SignIn];
    // A second tab of the same sign-in shares its token and closes as well.
    const secondTab = await live.sockets.connect(leaving.token);
    const received = [...recordEvents(leaving.socket, "user"), ...recordEvents(secondTab, "user")];
    const closed = [endedWithin(leaving.socket), endedWithin(secondTab)];

    const response = await live.server.request({
      method: "DELETE",
      url: "/api/auth/logout",
      token: leaving.token,
      cookies: { [refreshCookieName]: leaving.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(await Promise.all(closed)).toEqual([endedBecause("signedOut"), endedBecause("signedOut")]);

    await reachesUser(live.server, staying.socket, user.id);
    expect(received).toEqual([]);
    await stillConnected(staying.socket);
  });

  it("closes the sockets of a sign-in logged out with its refresh cookie only", async () => {
    const { signIns } = await signedInTimes(1);
    const closed = endedWithin(signIns[0].socket);
    await live.server.request({ method: "DELETE", url: "/api/auth/logout", cookies: { [refreshCookieName]: signIns[0].cookie } });
    expect(await closed).toEqual(endedBecause("signedOut"));
  });
});

describe("a replayed refresh token", () => {
  it("ends the sockets of the sign-in it ends", async () => {
    const { signIns } = await signedInTimes(1);
    const session = signIns[0];
    const refresh = () =>
      live.server.request({ method: "POST", url: "/api/auth/refresh_token", cookies: { [refreshCookieName]: session.cookie } });
    expect((await refresh()).statusCode).toBe(200);
    // The spent cookie comes back after the grace window: someone holds a copy.
    await live.server.ctx.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(refreshTokens.sessionId, sessionIdOf(session.token)));
    const closed = endedWithin(session.socket);
    expect((await refresh()).statusCode).toBe(401);
    expect(await closed).toEqual(endedBecause("revoked"));
  });
});

describe("a password change", () => {
  it("made by the user closes the sockets of every other sign-in and keeps the one it was made from", async () => {
    const { user, signIns } = await signedInTimes(3);
    const [current, ...others] = signIns;
    const closed = others.map((other) => endedWithin(other.socket));
    const response = await live.server.request({
      method: "PUT",
      url: `/api/users/${user.id}`,
      token: current.token,
      payload: { password: "brand-new-password", currentPassword: user.password },
    });
    expect(response.statusCode).toBe(200);
    expect(await Promise.all(closed)).toEqual([endedBecause("passwordChanged"), endedBecause("passwordChanged")]);
    await reachesUser(live.server, current.socket, user.id);
    await stillConnected(current.socket);
  });

  it("made by an admin closes every socket of the user", async () => {
    const { user, signIns } = await signedInTimes(3);
    const closed = signIns.map((signIn) => endedWithin(signIn.socket));
    const response = await live.server.request({
      method: "PUT",
      url: `/api/users/${user.id}`,
      token: live.admin,
      payload: { password: "set-by-the-admin" },
    });
    expect(response.statusCode).toBe(200);
    expect(await Promise.all(closed)).toEqual(Array(3).fill(endedBecause("passwordChanged")));
  });
});

describe("a sign-in revoked outside this app (the admin command, another process)", () => {
  it("loses its sockets at the next sweep; live sign-ins keep theirs", async () => {
    const { signIns } = await signedInTimes(2);
    const [revoked, kept] = signIns as [SignIn, SignIn];
    await live.server.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionIdOf(revoked.token)));
    const closed = endedWithin(revoked.socket);
    expect(await closeRevokedSockets(live.server.ctx)).toBeGreaterThanOrEqual(1);
    expect(await closed).toEqual(endedBecause("revoked"));
    await stillConnected(kept.socket);
  });

  it("hears that its password was reset when `npm run admin -- reset-password` ended it; other users hear nothing", async () => {
    const { user, signIns } = await signedInTimes(2);
    const other = await signedInTimes(1);
    const othersNotices = recordEvents(other.signIns[0].socket, "session");
    const closed = signIns.map((signIn) => endedWithin(signIn.socket));
    const output = { out: () => undefined, err: () => undefined };
    expect(await resetPasswordCommand(live.server.ctx.database, user.email, output, commandLineEvents(live.server.ctx.database))).toBe(0);

    expect(await closeRevokedSockets(live.server.ctx)).toBe(2);
    expect(await Promise.all(closed)).toEqual([endedBecause("passwordReset"), endedBecause("passwordReset")]);
    await stillConnected(other.signIns[0].socket);
    expect(othersNotices).toEqual([]);
  });

  it("hears that its user was removed when the row was changed by hand", async () => {
    const { user, signIns } = await signedInTimes(1);
    await live.server.ctx.db.update(users).set({ isDeleted: true }).where(eq(users.id, user.id));
    const closed = endedWithin(signIns[0].socket);
    expect(await closeRevokedSockets(live.server.ctx)).toBe(1);
    expect(await closed).toEqual(endedBecause("removed"));
  });
});

describe("a user removed by an admin", () => {
  it("hears why on every socket, then loses them", async () => {
    const { user, signIns } = await signedInTimes(2);
    const closed = signIns.map((signIn) => endedWithin(signIn.socket));
    expect((await live.server.request({ method: "DELETE", url: `/api/users/${user.id}`, token: live.admin })).statusCode).toBe(200);
    expect(await Promise.all(closed)).toEqual([endedBecause("removed"), endedBecause("removed")]);
  });
});
