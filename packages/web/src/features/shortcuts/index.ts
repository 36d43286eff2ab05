export { shortcuts, isTypingTarget, type Shortcut, type ShortcutId } from "./lib/shortcut-keys";
export { shortcutAction, type ShortcutActions } from "./lib/shortcut-actions";
export { useShortcutActions, useShortcutAllowed, useShortcutDispatcher } from "./hooks/use-shortcuts";
export { ShortcutKeys } from "./components/shortcut-keys";
