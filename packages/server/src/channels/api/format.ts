import type { ChannelFormat } from "../channel-driver.js";

/**
 * The API channel hands text to systems that do not read WhatsApp's markup, and its customers are
 * not the team: the signature is the attendant's name in plain text, without the internal
 * extension (docs/decisions/0070).
 */
export const apiFormat: ChannelFormat = {
  signatureLine: (signer) => signer.name.trim() || null,
};
