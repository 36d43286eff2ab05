import { useEffect, useRef, useSyncExternalStore } from "react";
import { notify, provideShortcutActions, shortcutAction, subscribeShortcutActions, type ShortcutActions } from "../lib/shortcut-actions";
import { isDialogOpen, isTypingTarget, shortcutOf, type ShortcutId } from "../lib/shortcut-keys";

/**
 * Says what shortcuts do on this component's screen while it is mounted: pass null (or leave
 * out) an action that is not allowed now, with the same condition as its button.
 */
export function useShortcutActions(actions: ShortcutActions): void {
  const provider = useRef(actions);
  const availability = Object.entries(actions)
    .map(([id, action]) => `${id}:${action ? 1 : 0}`)
    .join(",");
  useEffect(() => {
    provider.current = actions;
  });
  useEffect(() => provideShortcutActions(provider), []);
  // The palette lists what is allowed: it hears when that changes.
  useEffect(notify, [availability]);
}

/** Whether a shortcut's action is allowed now, kept current (run it with `shortcutAction`). */
export function useShortcutAllowed(id: ShortcutId): boolean {
  return useSyncExternalStore(subscribeShortcutActions, () => shortcutAction(id) !== null);
}

/** The one keydown listener of the app (mounted by the shell): a key press to its action. */
export function useShortcutDispatcher(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Handled already (the composer's Enter, a menu's arrows) or an input method still composing.
      if (event.defaultPrevented || event.isComposing || event.repeat) return;
      const id = shortcutOf(event, { typing: isTypingTarget(event.target), dialogOpen: isDialogOpen() });
      const action = id && shortcutAction(id);
      if (!action) return;
      event.preventDefault();
      action();
    };
    addEventListener("keydown", onKeyDown);
    return () => removeEventListener("keydown", onKeyDown);
  }, []);
}
