import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { inject } from "vitest";
import { E2E_ADMIN } from "./global-setup.js";

export { E2E_ADMIN };
export const baseUrl = (): string => inject("baseUrl");

/**
 * Debian's Chromium with the flags this network needs (no background calls home). `extraArgs`
 * adds flags a journey needs, e.g. a fake microphone for audio recording.
 */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
      ...extraArgs,
    ],
  });
}

export interface ContextOptions {
  width?: number;
  height?: number;
  locale?: string;
}

export async function newPage(browser: Browser, options: ContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: options.locale ?? "en-US",
  });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the login form, like a person, and waits for the tickets page. */
export async function loginAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole("button", { name: /sign in|log in|login/i }).click();
  await page.waitForURL("**/tickets");
}

/** Calls the API directly (for setup that is not the subject of a journey). */
export async function api<T = unknown>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const { token, headers, ...rest } = init;
  const response = await fetch(`${baseUrl()}/api${path}`, {
    ...rest,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(headers as Record<string, string>),
    },
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

export async function adminToken(): Promise<string> {
  const { token } = await api<{ token: string }>("/auth/login", {
    method: "POST",
    body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  return token;
}

/**
 * Resolves once the page's live connection is up: socket.io's CONNECT packet ("40") arrived, over
 * a WebSocket frame or a polling response. From then on the server sends this page its events.
 * Call before the navigation that opens the connection.
 */
export function liveConnection(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) => {
      socket.on("framereceived", ({ payload }) => {
        if (String(payload).startsWith("40")) resolve();
      });
    });
    page.on("response", (response) => {
      if (!response.url().includes("/socket.io/")) return;
      response.text().then(
        (text) => {
          // Polling bodies hold packets separated by the record separator (U+001E).
          if (text.split("\u001e").some((packet) => packet.startsWith("40"))) resolve();
        },
        () => undefined,
      );
    });
  });
}
