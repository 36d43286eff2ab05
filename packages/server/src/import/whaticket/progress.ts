import type { Writable } from "node:stream";

/**
 * The console progress bar: one line per table, redrawn in place on a terminal; elsewhere (a log,
 * a pipe) only the finished line, so logs do not fill with carriage returns.
 */
export class Progress {
  private label = "";
  private total = 0;
  private done = 0;
  private startedAt = 0;
  private lastDraw = 0;
  private complete = false;

  constructor(private readonly out: Writable & { isTTY?: boolean }) {}

  start(label: string, total: number): void {
    this.label = label;
    this.total = total;
    this.done = 0;
    this.startedAt = Date.now();
    this.lastDraw = 0;
    this.complete = false;
    this.draw(true);
  }

  advance(rows: number): void {
    this.done += rows;
    this.draw(false);
  }

  /** Ends the line at 100 %: rows a previous run imported are not read again, so `done` may stay below `total`. */
  finish(): void {
    this.complete = true;
    if (this.out.isTTY) this.out.write(`\r${this.line()}\n`);
    else this.out.write(`${this.line()}\n`);
  }

  private draw(force: boolean): void {
    if (!this.out.isTTY) return;
    const now = Date.now();
    // Redrawing at most ten times a second keeps the terminal cheap at 10,000 rows a batch.
    if (!force && now - this.lastDraw < 100) return;
    this.lastDraw = now;
    this.out.write(`\r${this.line()}`);
  }

  private line(): string {
    const width = 30;
    const ratio = this.complete || this.total === 0 ? 1 : Math.min(1, this.done / this.total);
    const filled = Math.round(ratio * width);
    const seconds = Math.max((Date.now() - this.startedAt) / 1000, 0.001);
    const rate = Math.round(this.done / seconds);
    return `${this.label.padEnd(22)} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${this.done}/${this.total} rows read, ${rate} rows/s`;
  }
}
