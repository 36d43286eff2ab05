import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterEach, expect, inject } from "vitest";
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

/**
 * Content-Security-Policy violations reported by the pages of the running journey. Every journey
 * fails if its pages met any (checked after each test of every file that imports this module),
 * so the whole suite proves the app runs under its policy. A journey that provokes one on
 * purpose takes it with {@link takeCspViolations}.
 */
const cspViolations: string[] = [];

afterEach(() => {
  expect(takeCspViolations(), "Content-Security-Policy violations").toEqual([]);
});

/** The violations seen so far, which then no longer fail the journey. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/**
 * Records what the browser refuses under the page's policy: the DOM event, and the console line
 * (for a refusal no document of ours hears: a frame refused to another site, a worker).
 */
async function watchCsp(context: BrowserContext): Promise<void> {
  await context.exposeBinding("reportCspViolation", (_source, text: string) => {
    cspViolations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      void report(`${event.effectiveDirective} refused ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber}) on ${location.pathname}`);
    });
  });
  context.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
}

export async function newPage(browser: Browser, options: ContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: options.locale ?? "en-US",
  });
  await watchCsp(context);
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the login form, like a person, and waits for the tickets page. */
export async function loginAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole("button", { name: /sign in|log in|login/i }).click();
  await page.waitForURL("**/tickets").catch(async (error: unknown) => {
    // A sign-in that never arrives says where the page stood and what it showed (a CI log is all one gets).
    const shown = (await page.locator("body").innerText().catch(() => "")).replace(/\s+/g, " ").slice(0, 300);
    throw new Error(`sign-in as ${email} did not reach /tickets: at ${page.url()} showing "${shown}"`, { cause: error });
  });
}

/**
 * A new browser context signed in as `email` through the login form, its live connection up:
 * from then on the server's events reach the page.
 */
export async function signedIn(browser: Browser, email: string, password: string, options: ContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, options);
  const live = liveConnection(page);
  await loginAs(page, email, password);
  await live;
  return { context, page };
}

/**
 * Saves a picture of the page as `<name>.png` in the folder E2E_SHOTS names, for a person to
 * look at (`E2E_SHOTS=/tmp/e2e-shots npx vitest run --project e2e …`); without it, nothing. Taken
 * once the page's transitions (a dialog fading in, a label moving) have ended.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  await page.screenshot({ path: join(folder, `${name}.png`) });
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

/**
 * Creates a queue for a journey's setup. Colours are unique per queue: without one given, a random
 * one (1 in 16 million to meet another) keeps files running side by side apart.
 */
export function createQueue(token: string, fields: { name: string; color?: string } & Record<string, unknown>): Promise<{ id: number }> {
  const color = fields.color ?? `#${Math.floor(Math.random() * 0x1000000).toString(16).padStart(6, "0").toUpperCase()}`;
  return api<{ id: number }>("/queue", { method: "POST", token, body: JSON.stringify({ ...fields, color }) });
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
