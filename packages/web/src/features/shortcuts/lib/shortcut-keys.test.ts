import { describe, expect, it } from "vitest";
import { provideShortcutActions, shortcutAction } from "./shortcut-actions";
import { isDialogOpen, isTypingTarget, shortcutOf, shortcuts, type KeyPress } from "./shortcut-keys";

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  code: key.length === 1 && /[a-z]/i.test(key) ? `Key${key.toUpperCase()}` : "",
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...more,
});
const calm = { typing: false, dialogOpen: false };
const typing = { typing: true, dialogOpen: false };

/** What isTypingTarget reads of an element. */
const element = (tagName: string, more: { type?: string; isContentEditable?: boolean } = {}) => ({ tagName, isContentEditable: false, ...more }) as unknown as EventTarget;

describe("shortcutOf", () => {
  it("reads each single key as its shortcut on the page", () => {
    expect(shortcutOf(press("j"), calm)).toBe("nextTicket");
    expect(shortcutOf(press("k"), calm)).toBe("previousTicket");
    expect(shortcutOf(press("a"), calm)).toBe("accept");
    expect(shortcutOf(press("A", { shiftKey: true }), calm)).toBe("accept");
    expect(shortcutOf(press("c"), calm)).toBe("close");
    expect(shortcutOf(press("t"), calm)).toBe("transfer");
    expect(shortcutOf(press("/"), calm)).toBe("search");
    expect(shortcutOf(press("?", { shiftKey: true }), calm)).toBe("help");
  });

  it("never fires a single key while typing in a field, nor any shortcut while a dialog is open", () => {
    for (const key of ["j", "k", "a", "c", "t", "/", "?"]) {
      expect(shortcutOf(press(key), typing), key).toBeNull();
      expect(shortcutOf(press(key), { typing: false, dialogOpen: true }), key).toBeNull();
    }
    expect(shortcutOf(press("k", { ctrlKey: true }), { typing: false, dialogOpen: true })).toBeNull();
  });

  it("lets the chords through while typing: Ctrl/⌘+K and Alt+M", () => {
    expect(shortcutOf(press("k", { ctrlKey: true }), typing)).toBe("palette");
    expect(shortcutOf(press("k", { metaKey: true }), typing)).toBe("palette");
    expect(shortcutOf(press("µ", { altKey: true, code: "KeyM" }), typing)).toBe("focusComposer");
  });

  it("leaves the browser's own chords and modified letters alone", () => {
    expect(shortcutOf(press("a", { ctrlKey: true }), calm)).toBeNull();
    expect(shortcutOf(press("c", { metaKey: true }), calm)).toBeNull();
    expect(shortcutOf(press("t", { altKey: true }), calm)).toBeNull();
    expect(shortcutOf(press("k", { ctrlKey: true, shiftKey: true }), calm)).toBeNull();
    // Enter belongs to the composer (it sends there): nothing on the page takes it.
    expect(shortcutOf(press("Enter", { ctrlKey: true }), calm)).toBeNull();
  });

  it("gives every shortcut different keys", () => {
    const chords = shortcuts.flatMap((shortcut) => shortcut.keys.map((keys) => keys.join("+")));
    expect(new Set(chords).size).toBe(chords.length);
  });
});

describe("isTypingTarget", () => {
  it("is true for text inputs, text areas, selects and editable elements", () => {
    expect(isTypingTarget(element("INPUT", { type: "text" }))).toBe(true);
    expect(isTypingTarget(element("INPUT", { type: "search" }))).toBe(true);
    expect(isTypingTarget(element("TEXTAREA"))).toBe(true);
    expect(isTypingTarget(element("SELECT"))).toBe(true);
    expect(isTypingTarget(element("DIV", { isContentEditable: true }))).toBe(true);
  });

  it("is false for buttons, checkboxes, the page and nothing", () => {
    expect(isTypingTarget(element("BUTTON"))).toBe(false);
    expect(isTypingTarget(element("INPUT", { type: "checkbox" }))).toBe(false);
    expect(isTypingTarget(element("DIV"))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe("isDialogOpen", () => {
  it("asks the document for an open modal root", () => {
    const selectors: string[] = [];
    const root = (found: boolean) => ({ querySelector: (selector: string) => (selectors.push(selector), found ? {} : null) }) as unknown as ParentNode;
    expect(isDialogOpen(root(true))).toBe(true);
    expect(isDialogOpen(root(false))).toBe(false);
    expect(selectors[0]).toContain(".MuiModal-root:not(.MuiModal-hidden)");
  });
});

describe("shortcut actions", () => {
  it("runs the newest provider's allowed action, and none once it is not allowed", () => {
    const list = { current: { nextTicket: () => "list", accept: () => "list" } };
    const ticket = { current: { accept: null as (() => string) | null } };
    const leaveList = provideShortcutActions(list);
    const leaveTicket = provideShortcutActions(ticket);
    // The newest provider with an allowed action for the key answers: the ticket, once it allows it.
    expect(shortcutAction("accept")?.()).toBe("list");
    expect(shortcutAction("nextTicket")?.()).toBe("list");
    ticket.current.accept = () => "ticket";
    expect(shortcutAction("accept")?.()).toBe("ticket");
    leaveTicket();
    leaveList();
    expect(shortcutAction("accept")).toBeNull();
    expect(shortcutAction("nextTicket")).toBeNull();
  });
});
