import { signatureLine, type Signer } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import type { ChannelFormat } from "../../channels/channel-driver.js";
import type { AppContext } from "../../context.js";
import { connections } from "../../db/schema/index.js";
import type { Draft } from "./delivery/outgoing.service.js";

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

/**
 * The drafts with the sender's signature written as the connection's channel writes it
 * (signForChannel), and that line: what an attendant's typed reply goes through, and a scheduled
 * message signed for its author (decision 0084). No connection (or a deleted one): as they are,
 * left to the writer's refusal.
 */
export async function signedForChannel(
  ctx: AppContext,
  signer: Signer,
  connectionId: number | null,
  drafts: readonly Draft[],
): Promise<{ drafts: Draft[]; signature: string | null }> {
  if (connectionId === null) return { drafts: [...drafts], signature: null };
  const [connection] = await ctx.db.select({ kind: connections.kind }).from(connections).where(eq(connections.id, connectionId)).limit(1);
  if (!connection) return { drafts: [...drafts], signature: null };
  const format = ctx.channels.formatOf(connection.kind);
  let signature: string | null = null;
  const signed = drafts.map((draft) => {
    const channel = signForChannel(format, signer, draft.body);
    signature ??= channel.signature;
    return { ...draft, body: channel.body };
  });
  return { drafts: signed, signature };
}
