import { signatureLine, type Signer } from "@atendo/contracts";
import type { ChannelFormat } from "../../channels/channel-driver.js";

/** Sent text with its signature as the channel writes it, and that line (null when there is none). */
export interface ChannelSigned {
  body: string;
  signature: string | null;
}

/**
 * Atendo's web (and any client following the spec) signs sent text in the spec's form, the
 * contracts' `signedText` (`*Ana Souza* (201)\nHello`): that first line, when it is exactly this
 * sender's, is the signature's markup, written here the way the connection's channel declares
 * (docs/decisions/0070). Other text is the message itself and stays as it is.
 */
export function signForChannel(format: ChannelFormat, signer: Signer, body: string): ChannelSigned {
  const markup = signatureLine(signer);
  if (!markup || !body.startsWith(`${markup}\n`)) return { body, signature: null };
  const text = body.slice(markup.length + 1);
  const line = format.signatureLine(signer);
  return line ? { body: `${line}\n${text}`, signature: line } : { body: text, signature: null };
}
