/**
 * The website chat widget (widget.js, decision 0090): one script tag on any site,
 * `<script src="{PUBLIC_URL}/widget.js" data-atendo="{widgetKey}" async>`, gives a launcher bubble
 * and a chat window. Plain DOM inside a shadow root (the page's CSS and ours never meet), no
 * dependency on the host page, nothing that a strict CSP refuses (no inline script or style: a
 * constructed style sheet), talking only to the Atendo server the script came from: its public
 * /api/webchat calls and the `/visitors` socket namespace (WebSocket only: no cross-origin polling).
 */
import type { VisitorMessage, VisitorMessagePage, VisitorSession, WebchatConfig } from "@atendo/contracts";
import { io, type Socket } from "socket.io-client";
import { retryWhenDatabaseAway } from "../lib/refused-handshake";
import { widgetCss } from "./styles";
import { widgetLanguage, widgetTexts } from "./texts";

interface Stored {
  token: string;
  visitorId: number;
  /** The last team message the visitor saw (the unread count is what came after). */
  seen: number;
}

const svgNs = "http://www.w3.org/2000/svg";
const icons = {
  chat: "M20 2H4a2 2 0 0 0-2 2v18l4-4h14a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2zM6 9h12v2H6V9zm8 5H6v-2h8v2zm4-6H6V6h12v2z",
  close: "M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z",
  send: "M2.01 21 23 12 2.01 3 2 10l15 2-15 2z",
  attach:
    "M16.5 6v11.5a4 4 0 0 1-8 0V5a2.5 2.5 0 0 1 5 0v10.5a1 1 0 0 1-2 0V6H10v9.5a2.5 2.5 0 0 0 5 0V5a4 4 0 0 0-8 0v12.5a5.5 5.5 0 0 0 11 0V6h-1.5z",
};

function icon(path: string): SVGSVGElement {
  const svg = document.createElementNS(svgNs, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const shape = document.createElementNS(svgNs, "path");
  shape.setAttribute("d", path);
  svg.append(shape);
  return svg;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

function start(script: HTMLScriptElement): void {
  const widgetKey = script.dataset.atendo ?? "";
  const server = new URL(script.src, location.href).origin;
  const api = `${server}/api/webchat/${encodeURIComponent(widgetKey)}`;
  const language = widgetLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
  const t = widgetTexts(language);
  const storageKey = `atendo-widget:${widgetKey}`;

  const load = (): Stored | null => {
    try {
      return JSON.parse(localStorage.getItem(storageKey) ?? "null") as Stored | null;
    } catch {
      return null;
    }
  };
  const save = (value: Stored | null) => {
    try {
      if (value) localStorage.setItem(storageKey, JSON.stringify(value));
      else localStorage.removeItem(storageKey);
    } catch {
      // No storage (a sandboxed frame): the conversation lasts as long as the page.
    }
  };

  let stored = load();
  let config: WebchatConfig;
  let socket: Socket | null = null;
  const messages = new Map<number, VisitorMessage>();

  async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
    const headers = new Headers(init.headers);
    if (stored) headers.set("authorization", `Bearer ${stored.token}`);
    const response = await fetch(`${api}${path}`, { ...init, headers, credentials: "omit" });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      if (response.status === 401 && body.error === "ERR_VISITOR_TOKEN") forget();
      throw new RequestError(response.status, body.error ?? "ERR_INTERNAL");
    }
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  // --- the DOM: a host element whose shadow root holds everything -------------------------------
  const host = el("div");
  host.setAttribute("data-atendo-widget", "");
  const root = host.attachShadow({ mode: "open" });
  if ("adoptedStyleSheets" in root && typeof CSSStyleSheet === "function" && "replaceSync" in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(widgetCss);
    root.adoptedStyleSheets = [sheet];
  } else {
    root.append(el("style", { textContent: widgetCss })); // older browsers: needs style-src to allow it
  }

  const badge = el("span", { className: "badge", hidden: true });
  badge.setAttribute("aria-hidden", "true");
  const launcher = el("button", { className: "launcher", type: "button" }, icon(icons.chat), badge);
  launcher.setAttribute("aria-expanded", "false");
  const title = el("h2", { className: "title" });
  const closeButton = el("button", { className: "icon-button", type: "button", title: t.close }, icon(icons.close));
  closeButton.setAttribute("aria-label", t.close);
  const notice = el("div", { className: "notice", hidden: true });
  notice.setAttribute("role", "status");
  const log = el("div", { className: "log" });
  log.setAttribute("role", "log");
  log.setAttribute("aria-live", "polite");
  const error = el("div", { className: "error" });
  error.setAttribute("role", "alert");
  const textarea = el("textarea", { rows: 1, placeholder: t.placeholder, maxLength: 4096 });
  textarea.setAttribute("aria-label", t.placeholder);
  const fileInput = el("input", { type: "file", className: "sr-only", tabIndex: -1 });
  fileInput.setAttribute("aria-hidden", "true");
  const attachButton = el("button", { className: "icon-button", type: "button", title: t.attach }, icon(icons.attach));
  attachButton.setAttribute("aria-label", t.attach);
  const sendButton = el("button", { className: "icon-button send", type: "submit", title: t.send }, icon(icons.send));
  sendButton.setAttribute("aria-label", t.send);
  const composer = el("form", { className: "composer" }, attachButton, fileInput, textarea, sendButton);
  const panel = el("div", { className: "panel", hidden: true });
  panel.setAttribute("role", "dialog");
  const header = el("div", { className: "header" }, title, closeButton);
  panel.append(header, notice);
  root.append(panel, launcher);

  // --- messages ------------------------------------------------------------------------------------
  const time = (iso: string) => new Date(iso).toLocaleTimeString(language, { hour: "2-digit", minute: "2-digit" });

  function bubble(message: Pick<VisitorMessage, "body" | "fromMe" | "mediaName" | "fileName" | "createdAt">): HTMLElement {
    const node = el("div", { className: `bubble ${message.fromMe ? "team" : "visitor"}` });
    node.append(el("span", { className: "sr-only", textContent: `${message.fromMe ? t.team : t.you}: ` }));
    if (message.mediaName) {
      const name = message.fileName ?? message.mediaName;
      const link = el("button", { className: "file", type: "button", textContent: `📎 ${name}`, title: `${t.download} ${name}` });
      link.addEventListener("click", () => void download(message.mediaName!, name));
      node.append(link, el("br"));
    }
    if (message.body) node.append(message.body);
    if (message.createdAt) node.append(el("span", { className: "time", textContent: time(message.createdAt) }));
    return node;
  }

  function render(): void {
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    const nodes: HTMLElement[] = [];
    if (config.greeting) nodes.push(bubble({ body: config.greeting, fromMe: true, mediaName: null, fileName: null, createdAt: "" }));
    for (const message of [...messages.values()].sort((a, b) => a.id - b.id)) nodes.push(bubble(message));
    log.replaceChildren(...nodes);
    if (atBottom || !panel.hidden) log.scrollTop = log.scrollHeight;
    updateUnread();
  }

  function add(list: readonly VisitorMessage[]): void {
    for (const message of list) messages.set(message.id, message);
    render();
  }

  function updateUnread(): void {
    if (!stored) return void (badge.hidden = true);
    if (!panel.hidden && document.visibilityState === "visible") {
      const last = Math.max(stored.seen, ...[...messages.values()].filter((m) => m.fromMe).map((m) => m.id));
      if (last !== stored.seen) save((stored = { ...stored, seen: last }));
    }
    const unread = [...messages.values()].filter((m) => m.fromMe && m.id > (stored?.seen ?? 0)).length;
    badge.hidden = unread === 0;
    badge.textContent = String(unread);
    launcher.setAttribute("aria-label", unread > 0 ? `${t.open} (${t.unread(unread)})` : t.open);
  }

  async function download(name: string, fileName: string): Promise<void> {
    try {
      const headers = new Headers(stored ? { authorization: `Bearer ${stored.token}` } : {});
      const response = await fetch(`${api}/media/${encodeURIComponent(name)}`, { headers, credentials: "omit" });
      if (!response.ok) throw new Error(String(response.status));
      const url = URL.createObjectURL(await response.blob());
      const anchor = el("a", { href: url, download: fileName });
      root.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      error.textContent = t.failed;
    }
  }

  // --- the visitor's session and the live connection ---------------------------------------------
  function forget(): void {
    save((stored = null));
    socket?.close();
    socket = null;
    messages.clear();
  }

  async function refresh(): Promise<void> {
    if (!stored) return;
    const page = await request<VisitorMessagePage>("/messages");
    add(page.messages);
  }

  function connect(): void {
    if (!stored || socket) return;
    socket = io(`${server}/visitors`, { path: "/socket.io", transports: ["websocket"], auth: { widgetKey, token: stored.token } });
    socket.on("message", (message: VisitorMessage) => add([message]));
    // After every (re)connection: whatever came while the socket was down.
    socket.on("connect", () => void refresh().catch(() => undefined));
    const opened = socket;
    socket.on("connect_error", (failure: Error) => {
      if (failure.message === "ERR_VISITOR_TOKEN") forget();
      // Atendo is up but its database is away: connect again shortly, unless the conversation ended meanwhile.
      retryWhenDatabaseAway(failure, opened, () => socket === opened);
    });
  }

  async function startVisitor(fields: Record<string, string>): Promise<void> {
    const session = await request<VisitorSession>("/visitors", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(fields) });
    save((stored = { token: session.token, visitorId: session.visitorId, seen: 0 }));
    connect();
  }

  function explain(failure: unknown): string {
    if (failure instanceof RequestError && failure.status === 429) return t.tooMany;
    if (failure instanceof RequestError && (failure.status === 413 || failure.status === 415)) return t.tooBig;
    return t.failed;
  }

  async function send(): Promise<void> {
    const body = textarea.value.trim();
    if (!body) return;
    error.textContent = "";
    try {
      if (!stored) await startVisitor({});
      const message = await request<VisitorMessage>("/messages", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ body }) });
      textarea.value = "";
      add([message]);
    } catch (failure) {
      error.textContent = explain(failure);
    }
  }

  async function sendFile(file: File): Promise<void> {
    error.textContent = "";
    try {
      if (!stored) await startVisitor({});
      const form = new FormData();
      form.append("file", file, file.name);
      add([await request<VisitorMessage>("/files", { method: "POST", body: form })]);
    } catch (failure) {
      error.textContent = explain(failure);
    }
  }

  // --- views: the pre-chat form, then the conversation ---------------------------------------------
  const asksFirst = () => !stored && Object.values(config.preChat).some((mode) => mode !== "off");

  function preChatForm(): HTMLFormElement {
    const form = el("form", { className: "form", noValidate: false });
    form.append(el("p", { textContent: t.intro }));
    const inputs: HTMLInputElement[] = [];
    for (const field of ["name", "email", "phone"] as const) {
      const mode = config.preChat[field];
      if (mode === "off") continue;
      const input = el("input", { name: field, type: field === "email" ? "email" : field === "phone" ? "tel" : "text", required: mode === "required", maxLength: field === "email" ? 200 : 80 });
      input.autocomplete = field === "phone" ? "tel" : field;
      inputs.push(input);
      const caption = el("span", { textContent: t[field] }, ...(mode === "optional" ? [" ", el("small", { textContent: `(${t.optional})` })] : []));
      form.append(el("label", {}, caption, input));
    }
    const submit = el("button", { className: "primary", type: "submit", textContent: t.start });
    form.append(submit, error);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (!form.reportValidity()) return;
      const fields = Object.fromEntries(inputs.filter((input) => input.value.trim()).map((input) => [input.name, input.value.trim()]));
      submit.disabled = true;
      startVisitor(fields)
        .then(() => showChat())
        .catch((failure: unknown) => {
          error.textContent = explain(failure);
        })
        .finally(() => (submit.disabled = false));
    });
    return form;
  }

  function showChat(): void {
    panel.replaceChildren(header, notice, log, error, composer);
    render();
    if (!panel.hidden) textarea.focus();
  }

  function open(): void {
    panel.hidden = false;
    launcher.setAttribute("aria-expanded", "true");
    if (asksFirst()) {
      const form = preChatForm();
      panel.replaceChildren(header, notice, form);
      form.querySelector("input")?.focus();
    } else {
      showChat();
    }
    updateUnread();
  }

  function close(): void {
    panel.hidden = true;
    launcher.setAttribute("aria-expanded", "false");
    launcher.focus();
  }

  launcher.addEventListener("click", () => (panel.hidden ? open() : close()));
  closeButton.addEventListener("click", close);
  panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
  composer.addEventListener("submit", (event) => {
    event.preventDefault();
    void send();
  });
  textarea.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      void send();
    }
  });
  attachButton.addEventListener("click", () => fileInput.click());
  fileInput.addEventListener("change", () => {
    const file = fileInput.files?.[0];
    fileInput.value = "";
    if (file) void sendFile(file);
  });
  document.addEventListener("visibilitychange", updateUnread);

  request<WebchatConfig>("/config").then(
    (loaded) => {
      config = loaded;
      host.style.setProperty("--atendo-color", config.color);
      title.textContent = config.title;
      panel.setAttribute("aria-label", config.title);
      if (!config.open) {
        notice.hidden = false;
        notice.textContent = config.outOfHoursMessage || t.away;
      }
      launcher.setAttribute("aria-label", t.open);
      document.body.append(host);
      render();
      if (stored) {
        connect();
      }
    },
    (failure: unknown) => console.warn("Atendo widget: not shown", failure),
  );
}

const script = (document.currentScript as HTMLScriptElement | null) ?? document.querySelector<HTMLScriptElement>("script[data-atendo]");
if (script?.dataset.atendo && !document.querySelector("[data-atendo-widget]")) start(script);
