/**
 * A background worker for an outbox: `round` claims and handles what is due and says how many it
 * handled; it runs on a timer and whenever kicked (rows were just written here), one round after
 * another while there was work, never two at once. A kick during a run makes it look again after.
 */
export class PollWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly round: () => Promise<number>,
    private readonly options: { pollMs: number; onError(error: unknown): void },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops polling; resolves once a round in progress has finished. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  kick(): void {
    if (!this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        while (this.timer && (await this.round().catch((error: unknown) => (this.options.onError(error), 0))) > 0);
      } while (this.again && this.timer);
    })().finally(() => (this.running = undefined));
  }
}
