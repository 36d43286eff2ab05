/**
 * Every keyboard shortcut of the app in one list (docs/decisions/0076): what the `?` dialog shows
 * and what the one keydown listener (hooks/use-shortcuts.ts) matches. A screen only says what each
 * shortcut does there, and only while the action is allowed (the visible button's condition).
 */
export type ShortcutId =
  | "palette"
  | "help"
  | "search"
  | "nextTicket"
  | "previousTicket"
  | "accept"
  | "close"
  | "transfer"
  | "focusComposer"
  | "send";

/** The keys a shortcut reads, as much of a KeyboardEvent as matching needs. */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

export interface Shortcut {
  id: ShortcutId;
  /** Shown in the `?` dialog: alternatives, each a list of keys ("Mod" is Ctrl, or ⌘ on a Mac). */
  keys: readonly (readonly string[])[];
  /** Where it works, for the dialog's sections. */
  group: "everywhere" | "tickets" | "composer";
  /**
   * Whether it also works while typing in a field. Single keys never do: they are letters
   * someone is typing. Chords with Ctrl/⌘/Alt may.
   */
  whileTyping: boolean;
  /** Whether the event is this shortcut; absent for keys a field handles itself (send). */
  matches?: (press: KeyPress) => boolean;
}

const bare = (press: KeyPress) => !press.ctrlKey && !press.metaKey && !press.altKey;
/** A single letter key, either case (Caps Lock), with no modifier but Shift. */
const letter = (name: string) => (press: KeyPress) => bare(press) && press.key.toLowerCase() === name;

export const shortcuts: readonly Shortcut[] = [
  {
    id: "palette",
    keys: [["Mod", "K"]],
    group: "everywhere",
    whileTyping: true,
    // `code`, not only `key`: keyboard layouts that type another letter on that key still work.
    matches: (press) => (press.ctrlKey || press.metaKey) && !press.altKey && !press.shiftKey && (press.code === "KeyK" || press.key.toLowerCase() === "k"),
  },
  // "?" is Shift and another key on most layouts: only the character is compared.
  { id: "help", keys: [["?"]], group: "everywhere", whileTyping: false, matches: (press) => bare(press) && press.key === "?" },
  { id: "search", keys: [["/"]], group: "tickets", whileTyping: false, matches: (press) => bare(press) && press.key === "/" },
  { id: "nextTicket", keys: [["J"]], group: "tickets", whileTyping: false, matches: letter("j") },
  { id: "previousTicket", keys: [["K"]], group: "tickets", whileTyping: false, matches: letter("k") },
  { id: "accept", keys: [["A"]], group: "tickets", whileTyping: false, matches: letter("a") },
  { id: "close", keys: [["C"]], group: "tickets", whileTyping: false, matches: letter("c") },
  { id: "transfer", keys: [["T"]], group: "tickets", whileTyping: false, matches: letter("t") },
  // The composer's own shortcut since issue 16, kept: `code`, as Alt+M types "µ" on macOS.
  {
    id: "focusComposer",
    keys: [["Alt", "M"]],
    group: "composer",
    whileTyping: true,
    matches: (press) => press.altKey && !press.ctrlKey && !press.metaKey && !press.shiftKey && press.code === "KeyM",
  },
  // Enter already sends from the composer (Shift+Enter breaks the line); Mod+Enter sends too.
  { id: "send", keys: [["Enter"], ["Mod", "Enter"]], group: "composer", whileTyping: true },
];

/** Whether keys typed at `target` are text: an input that takes text, a textarea, an editable element. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== "string") return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toLowerCase();
  if (tag === "textarea" || tag === "select") return true;
  if (tag !== "input") return false;
  const type = (element as HTMLInputElement).type;
  return !["button", "checkbox", "radio", "range", "submit", "reset", "color", "file", "image"].includes(type);
}

/**
 * Whether a dialog, menu or popover is open: MUI draws each in a modal root (a closed one kept
 * mounted is marked hidden). Shortcuts then stay quiet, the keys belong to what is open.
 */
export function isDialogOpen(root: ParentNode = document): boolean {
  return root.querySelector('.MuiModal-root:not(.MuiModal-hidden), [role="dialog"][aria-modal="true"]') !== null;
}

/** The shortcut a key press is, in this situation; null when none (or none allowed here). */
export function shortcutOf(press: KeyPress, situation: { typing: boolean; dialogOpen: boolean }): ShortcutId | null {
  if (situation.dialogOpen) return null;
  const found = shortcuts.find((shortcut) => shortcut.matches?.(press) === true);
  if (!found || (situation.typing && !found.whileTyping)) return null;
  return found.id;
}
