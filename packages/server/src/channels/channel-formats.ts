import type { ConnectionKind } from "@atendo/contracts";
import { apiFormat } from "./api/format.js";
import type { ChannelFormat } from "./channel-driver.js";
import { whatsappFormat } from "./whatsapp/format.js";

/** Each kind's format, read through ctx.channels.formatOf: a new kind does not compile until it declares its own. */
export const channelFormats: Record<ConnectionKind, ChannelFormat> = {
  whatsapp: whatsappFormat,
  api: apiFormat,
  // The Cloud API shows WhatsApp's markup; a website visitor and Telegram (sent without a parse mode) read plain text.
  whatsapp_cloud: whatsappFormat,
  webchat: apiFormat,
  telegram: apiFormat,
};
