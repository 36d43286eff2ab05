import type { PublicSendResponse, publicSendBody, publicSendForm } from "@atendo/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { sendOutgoing, type Draft } from "./delivery/outgoing.service.js";
import { destinationNumber, sendingConnectionFor, ticketForSend } from "./public-send-target.js";
import { keepUploads, type Upload } from "./uploads.js";

type SendText = z.output<typeof publicSendBody>;
type SendForm = z.output<typeof publicSendForm>;

/**
 * An integration's messages through the one outgoing writer, as an attendant's reply goes
 * (stored, announced to who may see the ticket, handed to the channel), with these differences:
 * no attendant (userId null, so no signature and no first-response time for the reports) and
 * `viaApi` on each message, which is how the ticket's history shows where it came from. A
 * message the channel refuses is marked failed (visible) and its error is the call's answer.
 */
async function deliver(ctx: AppContext, ticketId: number, connectionId: number, drafts: readonly Draft[]): Promise<PublicSendResponse> {
  const { ticket, messages, failure } = await sendOutgoing(
    ctx,
    { id: ticketId, connectionId },
    drafts.map((draft) => ({ ...draft, viaApi: true })),
    { userId: null, lastMessage: true },
  );
  if (failure) throw failure;
  return { ticket, messages };
}

/** Connection, number and ticket, in that order: each refusal comes before anything is written. */
async function targetOf(ctx: AppContext, input: SendText | SendForm) {
  const connection = await sendingConnectionFor(ctx, input);
  const ticket = await ticketForSend(ctx, connection, destinationNumber(input.number));
  return { ticketId: ticket.id, connectionId: connection.id };
}

/** POST /messages/send as JSON: a text to a number. */
export async function sendTextFromApi(ctx: AppContext, input: SendText): Promise<PublicSendResponse> {
  const target = await targetOf(ctx, input);
  return deliver(ctx, target.ticketId, target.connectionId, [{ body: input.body, mediaType: "chat" }]);
}

/**
 * POST /messages/send as multipart: one message per file (already checked by type and size), the
 * body as the first file's caption. The files get their final names only once the target is known.
 */
export async function sendFilesFromApi(ctx: AppContext, input: SendForm, files: readonly Upload[]): Promise<PublicSendResponse> {
  const target = await targetOf(ctx, input);
  return deliver(ctx, target.ticketId, target.connectionId, await keepUploads(ctx, files, input.body.trim()));
}
