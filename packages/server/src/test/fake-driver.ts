import type { ChannelDriver, DriverEvents, DriverFactory, OutboundMessage } from "../channels/channel-driver.js";

/** A scripted driver: tests reach its events to play a channel, and read what it was asked. */
export class FakeDriver implements ChannelDriver {
  readonly sent: OutboundMessage[] = [];
  readonly deleted: string[] = [];
  calls: string[] = [];
  /** Replace to script start (default: report CONNECTED). */
  onStart: () => Promise<void> = () => this.events.onSession({ status: "CONNECTED" });
  sendError: Error | undefined;
  /** What checkNumber answers (an Error is thrown); every checked number is kept. */
  numberCheck: boolean | Error = true;
  readonly checkedNumbers: string[] = [];

  constructor(
    readonly connectionId: number,
    readonly events: DriverEvents,
  ) {}

  async start(): Promise<void> {
    this.calls.push("start");
    await this.onStart();
  }

  async stop(): Promise<void> {
    this.calls.push("stop");
  }

  async logout(): Promise<void> {
    this.calls.push("logout");
  }

  async send(message: OutboundMessage): Promise<{ externalId: string }> {
    if (this.sendError) throw this.sendError;
    this.sent.push(message);
    return { externalId: `fake-${message.messageId}` };
  }

  async deleteMessage(_to: { number: string; isGroup: boolean }, externalId: string): Promise<void> {
    if (this.sendError) throw this.sendError;
    this.deleted.push(externalId);
  }

  async checkNumber(number: string): Promise<boolean> {
    this.checkedNumbers.push(number);
    if (this.numberCheck instanceof Error) throw this.numberCheck;
    return this.numberCheck;
  }
}

/** A factory of fake drivers that remembers every driver it made, newest last per connection. */
export function fakeDrivers(setup: (driver: FakeDriver) => void = () => undefined) {
  const made: FakeDriver[] = [];
  const factory: DriverFactory = (connectionId, events) => {
    const driver = new FakeDriver(connectionId, events);
    setup(driver);
    made.push(driver);
    return driver;
  };
  return {
    factory,
    made,
    /** The newest driver of a connection. */
    of(connectionId: number): FakeDriver {
      const driver = made.filter((d) => d.connectionId === connectionId).at(-1);
      if (!driver) throw new Error(`no driver made for connection ${connectionId}`);
      return driver;
    },
  };
}
