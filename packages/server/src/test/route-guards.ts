import type { ErrorCode } from "@atendo/contracts";
import { expect } from "vitest";
import type { TestServer } from "./harness.js";

export interface RouteCall {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  /** A valid body, so a refusal proves the guard and not the validation. */
  payload?: object;
}

/** Asserts every call is refused with this status and code, e.g. 401 anonymous, 403 attendant. */
export async function expectRefused(
  server: TestServer,
  calls: readonly RouteCall[],
  token: string | undefined,
  status: number,
  code: ErrorCode,
): Promise<void> {
  for (const call of calls) {
    const response = await server.request({ ...call, token });
    const where = `${call.method} ${call.url}`;
    expect(response.statusCode, where).toBe(status);
    expect(response.json().error, where).toBe(code);
  }
}

/** Asserts one answer is this error: `await expectError(put(id, body), 409, "ERR_…")`. */
export async function expectError(
  response: Promise<{ statusCode: number; json(): { error?: unknown } }>,
  status: number,
  code: ErrorCode,
): Promise<void> {
  const answered = await response;
  expect(answered.statusCode).toBe(status);
  expect(answered.json().error).toBe(code);
}

export const anonymous = undefined;

/** List, read, create, update and delete of a resource at `base` (id 1), with valid bodies. */
export function resourceCalls(base: string, bodies: { create: object; update: object }): RouteCall[] {
  return [
    { method: "GET", url: base },
    { method: "GET", url: `${base}/1` },
    { method: "POST", url: base, payload: bodies.create },
    { method: "PUT", url: `${base}/1`, payload: bodies.update },
    { method: "DELETE", url: `${base}/1` },
  ];
}

/** Asserts read, update and delete of a missing id of the resource at `base` answer 404 `code`. */
export async function expectMissingId(server: TestServer, base: string, token: string, code: ErrorCode): Promise<void> {
  const url = `${base}/999999`;
  await expectRefused(
    server,
    [
      { method: "GET", url },
      { method: "PUT", url, payload: {} },
      { method: "DELETE", url },
    ],
    token,
    404,
    code,
  );
}
