import { idParam, mentionCandidates as mentionCandidatesAnswer, noteBody, noteParams, noteResponse, okResponse } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, typed } from "../../core/route-kit.js";
import { createNote, deleteNote, mentionCandidates, updateNote } from "./notes.service.js";

const tags = ["notes"];
const staffOnly = "Private notes are staff only: never sent to the customer, never in webhooks, the send API or exports (decision 0073).";

/** A ticket's private notes, and who its notes may mention (issue 29, decision 0073). */
export function notesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  r.post(
    "/api/tickets/:id/notes",
    {
      schema: {
        tags,
        description: `Whoever may see the ticket writes a note; \`mentionedUserIds\` are notified (409 ERR_MENTION_NOT_VISIBLE for one who may not see the ticket). ${staffOnly}`,
        params: idParam,
        body: noteBody,
        response: { 201: noteResponse, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.status(201).send({ note: await createNote(ctx, actorOf(request), request.params.id, request.body) }),
  );
  r.put(
    "/api/tickets/:id/notes/:noteId",
    {
      schema: {
        tags,
        description: "Its author replaces the text; users newly mentioned are notified, earlier mentions stay.",
        params: noteParams,
        body: noteBody,
        response: { 200: noteResponse, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ({ note: await updateNote(ctx, actorOf(request), request.params.id, request.params.noteId, request.body) }),
  );
  r.delete(
    "/api/tickets/:id/notes/:noteId",
    {
      schema: { tags, description: "Its author, or an admin, deletes it; its mentions go with it.", params: noteParams, response: { 200: okResponse, ...errorResponses(403, 404) } },
    },
    async (request) => ok(deleteNote(ctx, actorOf(request), request.params.id, request.params.noteId)),
  );
  r.get(
    "/api/tickets/:id/mention-candidates",
    {
      schema: {
        tags,
        description: "Active users but oneself, those who may see the ticket first (`seesTicket`), for the note composer's @ picker.",
        params: idParam,
        response: { 200: mentionCandidatesAnswer, ...errorResponses(403, 404) },
      },
    },
    async (request) => mentionCandidates(ctx, actorOf(request), request.params.id),
  );
}
