/**
 * Group commit (docs/decisions/0051; the inbound pipeline's, and the dispatch of routing's texts: 0102): work submitted while a lane is busy waits and then goes
 * together, in one flush (one statement or one transaction: one commit, one WAL flush), instead
 * of one commit each. No timer: an idle lane flushes at once, so a lone message waits for
 * nothing, and under load the window is the time of the flush in flight (bounded by `maxBatch`
 * items). Items with the same key always share a lane and keep their order (a contact's
 * messages); different lanes flush concurrently.
 */
export interface GroupCommitOptions<Item, Result> {
  lanes: number;
  maxBatch: number;
  /**
   * Stores a batch and settles every item: a value, or an error for that item alone. Called
   * with one lane's items in submission order, never twice at once on a lane.
   */
  flush(items: Item[]): Promise<Settled<Result>[]>;
  /** Hears each flush's size as it starts (the batch-size metric). */
  onFlush?: (size: number) => void;
}

export type Settled<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

interface Pending<Item, Result> {
  item: Item;
  resolve(value: Result): void;
  reject(error: unknown): void;
}

interface Lane<Item, Result> {
  waiting: Pending<Item, Result>[];
  busy: boolean;
}

/** A string's lane: a small stable hash, so a key always lands in the same one. */
function laneOf(key: string, lanes: number): number {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
  return Math.abs(hash) % lanes;
}

export class GroupCommit<Item, Result> {
  private readonly lanes: Lane<Item, Result>[];

  constructor(private readonly options: GroupCommitOptions<Item, Result>) {
    this.lanes = Array.from({ length: Math.max(1, options.lanes) }, () => ({ waiting: [], busy: false }));
  }

  /** Resolves once the item's batch is committed (or rejects with the item's own error). */
  submit(key: string, item: Item): Promise<Result> {
    const lane = this.lanes[laneOf(key, this.lanes.length)]!;
    return new Promise<Result>((resolve, reject) => {
      lane.waiting.push({ item, resolve, reject });
      if (!lane.busy) void this.drain(lane);
    });
  }

  private async drain(lane: Lane<Item, Result>): Promise<void> {
    lane.busy = true;
    while (lane.waiting.length > 0) {
      const batch = lane.waiting.splice(0, this.options.maxBatch);
      this.options.onFlush?.(batch.length);
      try {
        const settled = await this.options.flush(batch.map((pending) => pending.item));
        batch.forEach((pending, i) => {
          const outcome = settled[i];
          if (!outcome) pending.reject(new Error("group commit: an item was left unsettled"));
          else if (outcome.ok) pending.resolve(outcome.value);
          else pending.reject(outcome.error);
        });
      } catch (error) {
        // `flush` settles per item; this is a defect in it, reported to every waiting caller.
        for (const pending of batch) pending.reject(error);
      }
    }
    lane.busy = false;
  }
}
