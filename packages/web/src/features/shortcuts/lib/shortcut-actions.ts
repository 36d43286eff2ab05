import type { ShortcutId } from "./shortcut-keys";

export type ShortcutActions = Partial<Record<ShortcutId, (() => void) | null | undefined>>;

/**
 * What each shortcut does right now. Screens provide their actions while mounted; a null action
 * is one not allowed now (the button is hidden or disabled). The newest provider wins, so an open
 * ticket's actions take over from the list's for the same key.
 */
const providers: { current: ShortcutActions }[] = [];
const listeners = new Set<() => void>();

export function provideShortcutActions(provider: { current: ShortcutActions }): () => void {
  providers.push(provider);
  notify();
  return () => {
    const index = providers.indexOf(provider);
    if (index >= 0) providers.splice(index, 1);
    notify();
  };
}

/** The action a shortcut runs now, or null when nothing on screen allows it. */
export function shortcutAction(id: ShortcutId): (() => void) | null {
  for (let index = providers.length - 1; index >= 0; index -= 1) {
    const action = providers[index]?.current[id];
    if (action) return action;
  }
  return null;
}

export function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeShortcutActions(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
