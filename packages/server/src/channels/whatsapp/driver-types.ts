/** The WhatsApp driver's dependencies, its extra capability, and the socket settings it imposes. */
import type { proto, UserFacingSocketConfig } from "baileys";
import type { Db } from "../../db/client.js";
import type { ChannelDriver } from "../channel-driver.js";
import type { DbAuthState } from "./auth-state.js";
import type { MediaDownloader } from "./message-mapper.js";
import type { QuotedInfo } from "./outbound.js";
import type { MakeSocket } from "./socket-types.js";
import type { Backoff, ILogger } from "./support.js";

export interface WhatsappDriverDeps {
  db: Db;
  logger?: ILogger;
  /** Baileys' own log level (it is chatty); default "warn". */
  baileysLogLevel?: string;
  makeSocket?: MakeSocket;
  now?: () => Date;
  backoff?: Backoff;
  /** QR refreshes shown after the first QR before giving up with TIMEOUT; default 5. */
  maxQrRefreshes?: number;
  /** How long OPENING may last without reaching WhatsApp before TIMEOUT with the error; default 45 s. */
  openingTimeoutMs?: number;
  /** Lets Baileys re-send a message a recipient could not decrypt (its `getMessage`). */
  getMessage?: (connectionId: number, key: proto.IMessageKey) => Promise<proto.IMessage | undefined>;
  /** The text and author of a quoted message, when the caller stores them. */
  findQuoted?: (connectionId: number, externalId: string) => Promise<QuotedInfo | undefined>;
  /** Replaces Baileys' downloadMediaMessage (tests). */
  downloadMedia?: MediaDownloader;
  /** Extra socket options (e.g. `version`); the driver's own settings win. */
  socketOptions?: Partial<UserFacingSocketConfig>;
}

/** The driver plus what only WhatsApp offers. */
export interface WhatsappDriver extends ChannelDriver {
  /** Pairs by phone number instead of a QR: returns the code to type on the phone (status PAIRING). */
  requestPairingCode(phone: string): Promise<string>;
}

/** Whether a driver offers pairing by phone number (the manager holds plain ChannelDrivers). */
export function isWhatsappDriver(driver: ChannelDriver): driver is WhatsappDriver {
  return typeof (driver as Partial<WhatsappDriver>).requestPairingCode === "function";
}

/** Baileys settings: quiet, no full-history download, not "online" (so the phone still notifies). */
export function socketConfig(deps: WhatsappDriverDeps, connectionId: number, auth: DbAuthState, log: ILogger): UserFacingSocketConfig {
  const logger = log.child({ module: "baileys" });
  logger.level = deps.baileysLogLevel ?? "warn";
  return {
    ...deps.socketOptions,
    auth: auth.state,
    logger,
    printQRInTerminal: false,
    syncFullHistory: false,
    markOnlineOnConnect: false,
    // Our own sends are known already; echoing them back as inbound would race the pipeline.
    emitOwnEvents: false,
    getMessage: async (key) => deps.getMessage?.(connectionId, key),
  };
}
