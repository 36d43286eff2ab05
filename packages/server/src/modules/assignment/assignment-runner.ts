import { AppSlot } from "../../core/app-slots.js";
import type { EventLog } from "../../events/event-bus.js";

/**
 * This instance's automatic assignment passes, one at a time (decision 0079): a request while a
 * pass runs asks for one more after it, so a burst of events (200 new tickets) costs a few passes,
 * not 200, and holds one pool connection. Instances still run theirs side by side: the pass itself
 * takes the advisory lock.
 */
export class AssignmentRunner {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly pass: () => Promise<number>,
    private readonly log: EventLog,
  ) {}

  /** Resolves once a pass that began after this call has finished (never rejects: a failure is logged). */
  request(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const running = this.loop().finally(() => {
      if (this.running === running) this.running = undefined;
    });
    this.running = running;
    return running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.pass();
      } catch (error) {
        this.log.error({ err: error }, "automatic assignment pass failed");
      }
    } while (this.again);
  }
}

/** The app's runner (app.ts sets it): the listener and the sweep job ask it for passes. */
export const assignmentRunnerSlot = new AppSlot<AssignmentRunner>("automatic assignment runner");
