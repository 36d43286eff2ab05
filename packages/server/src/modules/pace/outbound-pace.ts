import type { OutboundPace, PaceSlot } from "../../context-types.js";

const granted: PaceSlot = { granted: true };

/** Placeholder until the per-connection limiter lands (issue 31): every slot is granted. */
export class UnlimitedPace implements OutboundPace {
  take(): Promise<PaceSlot> {
    return Promise.resolve(granted);
  }
}
