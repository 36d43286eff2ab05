import type { User } from "@atendo/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, http } from "./http";
import { getSession, onSessionEnd, startSession } from "./session";
import { memoryStorage } from "../test/memory-storage";

const user: User = {
  id: 1,
  name: "Ana",
  email: "ana@example.com",
  profile: "admin",
  extension: null,
  whatsappId: null,
  whatsapp: null,
  queues: [],
  canSeeAllTicketHistory: false,
  maxOpenTickets: null,
  isDeleted: false,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
};


function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const expired = () => json(403, { error: "ERR_TOKEN_EXPIRED", message: "Your access token has expired." });

interface Call {
  url: string;
  auth: string | null;
}

/** A fake API: "fresh" is the only valid token; refresh hands it out after a short delay. */
function fakeApi(options: { refresh?: () => Response } = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const auth = new Headers(init?.headers).get("Authorization");
    calls.push({ url, auth });
    if (url === "/api/auth/refresh_token") {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return options.refresh ? options.refresh() : json(200, { token: "fresh", user });
    }
    if (url === "/api/auth/login") return json(401, { error: "ERR_INVALID_CREDENTIALS", message: "Access denied" });
    if (url === "/api/gone") return json(401, { error: "ERR_SESSION_EXPIRED", message: "Session expired" });
    if (url === "/api/always-expired") return expired();
    return auth === "Bearer fresh" ? json(200, { ok: true, url }) : expired();
  });
  vi.stubGlobal("fetch", fetchMock);
  const refreshCalls = () => calls.filter((call) => call.url === "/api/auth/refresh_token").length;
  return { calls, refreshCalls };
}

beforeEach(() => {
  vi.stubGlobal("localStorage", memoryStorage());
  startSession({ token: "stale", user });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("http client", () => {
  it("refreshes an expired token once and retries with the new one", async () => {
    const api = fakeApi();
    await expect(http.get("/settings")).resolves.toEqual({ ok: true, url: "/api/settings" });
    expect(api.refreshCalls()).toBe(1);
    expect(api.calls.map((call) => `${call.url} ${call.auth}`)).toEqual([
      "/api/settings Bearer stale",
      "/api/auth/refresh_token null",
      "/api/settings Bearer fresh",
    ]);
    expect(localStorage.getItem("token")).toBe("fresh");
    const session = getSession();
    expect(session.status === "authenticated" && session.token).toBe("fresh");
  });

  it("shares one refresh between concurrent requests", async () => {
    const api = fakeApi();
    const results = await Promise.all([http.get("/a"), http.get("/b"), http.get("/c")]);
    expect(results).toHaveLength(3);
    expect(api.refreshCalls()).toBe(1);
  });

  it("retries only once when the retry is refused again", async () => {
    const api = fakeApi();
    const error = await apiRequest("/always-expired").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: "ERR_TOKEN_EXPIRED" });
    expect(api.calls.filter((call) => call.url === "/api/always-expired")).toHaveLength(2);
    expect(api.refreshCalls()).toBe(1);
  });

  it("ends the session on 401: token dropped, clean-up run", async () => {
    fakeApi();
    const cleanup = vi.fn();
    const unsubscribe = onSessionEnd(cleanup);
    const error = await http.get("/gone").catch((caught: unknown) => caught);
    unsubscribe();
    expect(error).toMatchObject({ status: 401, code: "ERR_SESSION_EXPIRED", message: "Session expired" });
    expect(localStorage.getItem("token")).toBeNull();
    expect(getSession().status).toBe("anonymous");
    expect(cleanup).toHaveBeenCalledOnce();
  });

  it("ends the session when the refresh is refused", async () => {
    const api = fakeApi({ refresh: () => json(401, { error: "ERR_SESSION_EXPIRED", message: "Session expired" }) });
    await expect(http.get("/settings")).rejects.toMatchObject({ status: 401 });
    expect(api.refreshCalls()).toBe(1);
    expect(getSession().status).toBe("anonymous");
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("keeps the session on a 401 from an anonymous call such as login", async () => {
    fakeApi();
    await expect(
      http.post("/auth/login", { email: "a@b.co", password: "x" }, { anonymous: true }),
    ).rejects.toMatchObject({ status: 401, code: "ERR_INVALID_CREDENTIALS" });
    expect(getSession().status).toBe("authenticated");
    expect(localStorage.getItem("token")).toBe("stale");
  });

  it("refreshes before sending when the JWT is about to expire", async () => {
    const now = Math.floor(Date.now() / 1000);
    const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "");
    const shortLived = `${encode({ alg: "HS256" })}.${encode({ sub: "1", iat: now, exp: now + 2 })}.signature`;
    startSession({ token: shortLived, user });
    const api = fakeApi();
    await expect(http.get("/settings")).resolves.toMatchObject({ ok: true });
    expect(api.calls.map((call) => call.url)).toEqual(["/api/auth/refresh_token", "/api/settings"]);
  });

  it("reports an unreachable server as status 0", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(http.get("/about")).rejects.toMatchObject({ status: 0, code: null });
  });

  it("keeps who still uses a record whose delete was refused, dropping malformed entries", async () => {
    const usedBy = [
      { type: "connection", id: 1, name: "Demo" },
      { type: "ura", id: 2, name: "Main menu" },
      { type: "spaceship", id: 3, name: "?" },
      { type: "announcement", id: "4", name: "Hours" },
    ];
    const body = { error: "ERR_DESTINATION_IN_USE", message: "In use", usedBy };
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(json(409, body))));
    const error = await http.delete("/queue/3").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: "ERR_DESTINATION_IN_USE", usedBy: usedBy.slice(0, 2) });
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(json(409, { error: "ERR_DESTINATION_IN_USE", message: "In use" }))));
    await expect(http.delete("/queue/3")).rejects.toMatchObject({ usedBy: [] });
  });
});
