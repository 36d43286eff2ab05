/**
 * The key of a piece of per-app state that one layer keeps for itself (the inbound pipeline's
 * group commit, the contact import runner) and that nobody else calls. Its owner declares the
 * key, typed; `app.ts` puts the value in when it builds the app; the owner reads it back.
 * The app context holds such state without naming its type: describing it would make the
 * context import its owner, which imports the context (an import cycle, issue 27). State that
 * other layers use is a field of the context with an interface instead (context-types.ts).
 */
export class AppSlot<T> {
  /** Only carries T, so a slot's value is typed where it is read. */
  declare private readonly value: T;

  constructor(readonly name: string) {}
}

/** One app's slot values (AppContext.slots): two apps in one process share nothing. */
export class AppSlots {
  private readonly values = new Map<AppSlot<unknown>, unknown>();

  set<T>(slot: AppSlot<T>, value: T): this {
    this.values.set(slot, value);
    return this;
  }

  get<T>(slot: AppSlot<T>): T {
    if (!this.values.has(slot)) throw new Error(`${slot.name}: not set on this app (app.ts sets it)`);
    return this.values.get(slot) as T;
  }
}
