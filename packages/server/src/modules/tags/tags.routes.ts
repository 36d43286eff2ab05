import { contact, createTagBody, idParam, okResponse, setTagsBody, tag, tagUsage as tagUsageResponse, ticketResponse, updateTagBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, typed } from "../../core/route-kit.js";
import { setContactTags } from "../contacts/contact-tags.service.js";
import { setTicketTags } from "../tickets/ticket-tags.service.js";
import { createTag, deleteTag, getTag, listTags, tagUsage, updateTag } from "./tags.service.js";

const tags = ["tags"];
const writeErrors = errorResponses(400, 403, 404, 409);

/**
 * Every signed-in user reads labels; writing them and reading their use is for admins (tag.policy.ts).
 * Putting them on a ticket or a contact is here too, with the rule of what it labels.
 */
export function tagsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/tags", { schema: { tags, response: { 200: z.array(tag) } } }, async () => listTags(ctx));

  r.get("/api/tags/:id", { schema: { tags, params: idParam, response: { 200: tag, ...errorResponses(404) } } }, async (request) =>
    getTag(ctx, request.params.id),
  );

  r.get("/api/tags/:id/usage", { schema: { tags, params: idParam, response: { 200: tagUsageResponse, ...errorResponses(403, 404) } } }, async (request) =>
    tagUsage(ctx, actorOf(request), request.params.id),
  );

  r.post("/api/tags", { schema: { tags, body: createTagBody, response: { 201: tag, ...writeErrors } } }, async (request, reply) =>
    reply.status(201).send(await createTag(ctx, actorOf(request), request.body)),
  );

  r.put("/api/tags/:id", { schema: { tags, params: idParam, body: updateTagBody, response: { 200: tag, ...writeErrors } } }, async (request) =>
    updateTag(ctx, actorOf(request), request.params.id, request.body),
  );

  r.delete("/api/tags/:id", { schema: { tags, params: idParam, response: { 200: okResponse, ...errorResponses(403, 404) } } }, async (request) =>
    ok(deleteTag(ctx, actorOf(request), request.params.id)),
  );

  // Whoever may write in the ticket (ticket.policy.ts).
  r.put(
    "/api/tickets/:id/tags",
    { schema: { tags: ["tickets", ...tags], params: idParam, body: setTagsBody, response: { 200: ticketResponse, ...errorResponses(400, 403, 404) } } },
    async (request) => setTicketTags(ctx, actorOf(request), request.params.id, request.body.tagIds),
  );

  // Whoever edits contacts: every signed-in user (docs/decisions/0009).
  r.put(
    "/api/contacts/:id/tags",
    { schema: { tags: ["contacts", ...tags], params: idParam, body: setTagsBody, response: { 200: contact, ...errorResponses(400, 404) } } },
    async (request) => setContactTags(ctx, request.params.id, request.body.tagIds),
  );
}
