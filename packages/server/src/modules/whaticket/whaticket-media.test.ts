import type { MessagePage } from "@atendo/contracts";
import { refreshCookieName } from "@atendo/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { pngBytes } from "../../test/media-samples.js";
import { putTicket, seedTeam, type Team } from "../../test/ticket-fixtures.js";
import { MEDIA_LINK_SECONDS, mediaLinkKey, signMediaLink } from "./media-link.js";

/**
 * Files by short-lived signed links (decision 0066): the Whaticket web client opens documents,
 * audio and video by plain URL. A link works without a token until it ends, only for the sign-in
 * it was made for, and only while that user may still see the message's ticket.
 */
let server: TestServer;
let admin: string;
let team: Team;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  team = await seedTeam(server, admin);
});
afterAll(() => server.close());
afterEach(() => vi.useRealTimers());

/** A customer sends a picture: a pending ticket in queue A, which Alice accepts. */
async function pictureForAlice(token = team.alice.token) {
  const { ticketId } = await inbound(server, team.connection, {
    from: { number: uniqueNumber(), name: "Customer" },
    media: { data: pngBytes.toString("base64"), mimeType: "image/png", fileName: "label.png" },
  });
  expect((await putTicket(server, token, ticketId, { status: "open", userId: team.alice.id })).statusCode).toBe(200);
  const page = await server.request({ method: "GET", url: `/whaticket/messages/${ticketId}`, token });
  expect(page.statusCode, page.body).toBe(200);
  const mediaUrl = (page.json() as MessagePage).messages.find((m) => m.mediaUrl)?.mediaUrl ?? "";
  return { ticketId, mediaUrl, path: new URL(mediaUrl).pathname };
}

const fetchLink = (path: string) => server.request({ method: "GET", url: path });

async function expectRefusedLink(path: string, code: string) {
  const response = await fetchLink(path);
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ error: code });
}

describe("signed file links", () => {
  it("GET /whaticket/messages gives an absolute link ending in the file's name, which works with no token", async () => {
    const { mediaUrl, path } = await pictureForAlice();
    expect(mediaUrl).toMatch(/^http:\/\/localhost(:80)?\/whaticket\/media\/[^/]+\/[0-9a-f-]{36}\.png$/);
    const file = await fetchLink(path);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.rawPayload.equals(pngBytes)).toBe(true);
    // Atendo's own media URL still needs the token.
    const name = path.split("/").at(-1) ?? "";
    expect((await server.request({ method: "GET", url: `/api/media/${name}` })).statusCode).toBe(401);
  });

  it("works until it ends, then answers 403 ERR_MEDIA_LINK_EXPIRED", async () => {
    const { path } = await pictureForAlice();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (MEDIA_LINK_SECONDS - 60) * 1000 });
    expect((await fetchLink(path)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 120 * 1000);
    await expectRefusedLink(path, "ERR_MEDIA_LINK_EXPIRED");
  });

  it("refuses a changed link: another signature, another end, another file", async () => {
    const { path } = await pictureForAlice();
    const [, , , link = "", name = ""] = path.split("/");
    const fields = link.split(".");
    const signature = fields[4] ?? "";
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    await expectRefusedLink(`/whaticket/media/${[...fields.slice(0, 4), flipped].join(".")}/${name}`, "ERR_NO_PERMISSION");
    const later = [fields[0], fields[1], fields[2], String(Number(fields[3]) + 86_400), signature].join(".");
    await expectRefusedLink(`/whaticket/media/${later}/${name}`, "ERR_NO_PERMISSION");
    const other = await pictureForAlice();
    await expectRefusedLink(`/whaticket/media/${link}/${other.path.split("/").at(-1)}`, "ERR_NO_PERMISSION");
    // A link this server signed, whose end has passed, is told apart from a forged one.
    const key = mediaLinkKey(server.ctx.jwtKey);
    const past = signMediaLink(key, name, { userId: Number(fields[0]), sessionId: fields[1] ?? "", tokenVersion: Number(fields[2]) }, Math.floor(Date.now() / 1000) - 1);
    await expectRefusedLink(`/whaticket/media/${past}/${name}`, "ERR_MEDIA_LINK_EXPIRED");
  });

  it("keeps the token's rules: a user who no longer sees the ticket, or a sign-in that ended, is refused", async () => {
    const transferred = await pictureForAlice();
    expect((await putTicket(server, team.alice.token, transferred.ticketId, { userId: team.bob.id, action: "transferOwner" })).statusCode).toBe(200);
    await expectRefusedLink(transferred.path, "ERR_NO_PERMISSION");

    const session = await server.login(team.alice.email, team.alice.password);
    const { path } = await pictureForAlice(session.token);
    expect((await fetchLink(path)).statusCode).toBe(200);
    const out = await server.request({ method: "DELETE", url: "/api/auth/logout", token: session.token, cookies: { [refreshCookieName]: session.cookie } });
    expect(out.statusCode).toBe(200);
    await expectRefusedLink(path, "ERR_MEDIA_LINK_EXPIRED");
  });

  it("is not given to who may not see the ticket", async () => {
    const { ticketId } = await pictureForAlice();
    expect((await server.request({ method: "GET", url: `/whaticket/messages/${ticketId}`, token: team.bob.token })).json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
  });
});
