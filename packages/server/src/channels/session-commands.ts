/**
 * The session commands an admin or an attendant issues — disconnect, pairing by code, deleting a
 * sent message, "try again", checking a number before a new conversation — carried out by the instance that runs the connection, wherever the
 * request arrived: here when the driver runs here, else forwarded over the command bus to the
 * owner, whose answer (or error) is returned as if the call were local (docs/decisions/0053).
 * The caller checks the user's permission before calling: the bus is internal, and the owner
 * trusts what arrives on it.
 */
import type { ConnectionKind } from "@atendo/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { ConnectionCommands } from "../context-types.js";
import { AppError } from "../core/app-error.js";
import type { ChannelDriver, SessionUpdate } from "./channel-driver.js";
import { defaultCommandTimeouts, type CommandBus, type CommandTimeouts, type ConnectionCommand } from "./command-bus.js";
import { isWhatsappDriver } from "./whatsapp/driver-types.js";

/** What the commands need of the channel manager on this instance. */
export interface LocalChannels {
  /** Whether this instance runs the connection (its driver started, or retrying a failed start). */
  handles(connectionId: number): boolean;
  start(connectionId: number, kind: ConnectionKind): Promise<void>;
  /** Resolves once the logout and the fresh start are done. */
  logout(connectionId: number, kind: ConnectionKind): Promise<void>;
  driverFor(connectionId: number): ChannelDriver;
  /** Records and announces a session status, as the driver's own reports are. */
  report(connectionId: number, update: SessionUpdate): Promise<void>;
}

export class SessionCommands implements ConnectionCommands {
  constructor(
    private readonly bus: CommandBus,
    private readonly local: LocalChannels,
    private readonly log: FastifyBaseLogger,
    private readonly timeouts: CommandTimeouts = defaultCommandTimeouts,
  ) {
    // Only the instance that runs a connection answers its commands; the others stay silent.
    bus.serve((connectionId, command) => (local.handles(connectionId) ? this.runHere(connectionId, command) : undefined));
  }

  /** Disconnect: DISCONNECTING at once, then the logout (up to two minutes) and a fresh driver in the background. */
  async disconnect(connectionId: number, kind: ConnectionKind): Promise<void> {
    await this.command(connectionId, { type: "disconnect", kind });
  }

  /** "Try again": restarts the driver on its stored session; here when the owner is gone (this instance may take it over). */
  async restart(connectionId: number, kind: ConnectionKind): Promise<void> {
    if (!this.runsElsewhere(connectionId)) return this.local.start(connectionId, kind);
    try {
      await this.forward(connectionId, { type: "restart", kind });
    } catch (error) {
      if (!(error instanceof AppError && error.code === "ERR_WAPP_OWNER_UNREACHABLE")) throw error;
      await this.local.start(connectionId, kind);
    }
  }

  /** Pairing by phone number (drivers that offer it): the code to type on the phone. */
  async requestPairingCode(connectionId: number, number: string): Promise<string> {
    const code = await this.command(connectionId, { type: "pairingCode", number });
    if (typeof code !== "string") throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    return code;
  }

  /** Deletes a sent message on the channel, for everyone. */
  async deleteMessage(connectionId: number, to: { number: string; isGroup: boolean }, externalId: string, fromMe: boolean): Promise<void> {
    await this.command(connectionId, { type: "deleteMessage", to, externalId, fromMe });
  }

  /** Whether the channel can deliver to a number (the check before a new conversation). */
  async checkNumber(connectionId: number, number: string): Promise<boolean> {
    return (await this.command(connectionId, { type: "checkNumber", number })) === true;
  }

  /** Starts hearing other instances' commands (before this one claims a connection). Never rejects: the ownership round retries. */
  async listen(): Promise<void> {
    try {
      await this.bus.listen();
    } catch (error) {
      this.log.error({ err: error }, "cannot hear connection commands from other instances; retried at the next ownership round");
    }
  }

  check(): Promise<void> {
    return this.bus.check();
  }

  close(): Promise<void> {
    return this.bus.close();
  }

  /**
   * Not run here, yet maybe elsewhere: on standby here, or created on another instance moments
   * ago. The owner answers; if none does, ERR_WAPP_OWNER_UNREACHABLE after the bus's timeout.
   */
  private runsElsewhere(connectionId: number): boolean {
    return this.bus.shared && !this.local.handles(connectionId);
  }

  private command(connectionId: number, command: ConnectionCommand): Promise<unknown> {
    return this.runsElsewhere(connectionId) ? this.forward(connectionId, command) : this.runHere(connectionId, command);
  }

  private forward(connectionId: number, command: ConnectionCommand): Promise<unknown> {
    return this.bus.request(connectionId, command, this.timeouts);
  }

  private async runHere(connectionId: number, command: ConnectionCommand): Promise<unknown> {
    switch (command.type) {
      case "disconnect":
        // The answer does not wait for the logout: admins follow it through whatsappSession events.
        await this.local.report(connectionId, { status: "DISCONNECTING", qrcode: "" });
        void this.local.logout(connectionId, command.kind);
        return null;
      case "restart":
        return this.local.start(connectionId, command.kind);
      case "pairingCode": {
        const driver = this.local.driverFor(connectionId);
        if (!isWhatsappDriver(driver)) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
        return driver.requestPairingCode(command.number);
      }
      case "deleteMessage":
        return this.local.driverFor(connectionId).deleteMessage(command.to, command.externalId, command.fromMe);
      case "checkNumber":
        return this.local.driverFor(connectionId).checkNumber(command.number);
    }
  }
}
