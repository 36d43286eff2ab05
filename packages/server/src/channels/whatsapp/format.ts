import { signatureLine } from "@atendo/contracts";
import type { ChannelFormat } from "../channel-driver.js";

/** WhatsApp shows `*…*` in bold: the spec's signature as it is, the name in bold and the extension when set (spec §2). */
export const whatsappFormat: ChannelFormat = { signatureLine };
