import {
  contact,
  contactPage,
  createContactBody,
  duplicatesPage,
  duplicatesQuery,
  exportContactsQuery,
  idParam,
  listContactsQuery,
  mergeContactBody,
  okResponse,
  optedOutCount,
  updateContactBody,
} from "@atendo/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, typed } from "../../core/route-kit.js";
import { exportContacts, type ContactsCsv } from "./contact-export.js";
import { listDuplicates, mergeContacts } from "./contact-merge.service.js";
import { createContact, deleteContact, getContact, listContacts, updateContact } from "./contacts.service.js";
import { countOptedOut, optInContact } from "./opt-out.service.js";

const tags = ["contacts"];
const writeErrors = errorResponses(400, 404, 409);

function sendCsv(reply: FastifyReply, file: ContactsCsv): FastifyReply {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "no-store")
    .send(file.stream);
}

/** Every signed-in user (the auth hook guarantees one); deleting, exporting and merging are for admins. */
export function contactsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/contacts", { schema: { tags, querystring: listContactsQuery, response: { 200: contactPage } } }, async (request) =>
    listContacts(ctx, request.query),
  );

  r.get(
    "/api/contacts/export",
    {
      schema: {
        tags,
        description:
          "The contacts the list shows for `searchParam` and `tagIds` (all when neither is given) as a CSV file (UTF-8 with BOM) with the columns of the contact import's " +
          "Atendo template, titles in `language`, one column per extra field name: it imports back unchanged. Admins.",
        querystring: exportContactsQuery,
        produces: ["text/csv"],
        response: errorResponses(400, 403),
      },
    },
    async (request, reply) => sendCsv(reply, await exportContacts(ctx, actorOf(request), request.query)),
  );
  r.get(
    "/api/contacts/duplicates",
    {
      schema: {
        tags,
        description: "Groups of contacts with the same number (compared without leading zeros and a Brazilian mobile's ninth digit) or e-mail. Admins.",
        querystring: duplicatesQuery,
        response: { 200: duplicatesPage, ...errorResponses(403) },
      },
    },
    async (request) => listDuplicates(ctx, actorOf(request), request.query.pageNumber),
  );
  r.post(
    "/api/contacts/:id/merge",
    {
      schema: {
        tags,
        description:
          "Moves everything of `fromContactId` (tickets with their messages, extra fields it does not clash on, tags) to contact `id`, then deletes it; " +
          "irreversible. Where both have an active ticket on one connection, `id`'s goes on and the other is closed. Admins.",
        params: idParam,
        body: mergeContactBody,
        response: { 200: contact, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => mergeContacts(ctx, actorOf(request), request.params.id, request.body.fromContactId),
  );
  r.get(
    "/api/contacts/opted-out-count",
    { schema: { tags, description: "How many contacts opted out (issue 31); the list's `optedOut=true` shows them.", response: { 200: optedOutCount } } },
    async () => ({ count: await countOptedOut(ctx) }),
  );
  r.post(
    "/api/contacts/:id/opt-in",
    {
      schema: {
        tags,
        description: "Allows messages again to a contact who opted out (an opt-out keyword): it may be in audiences again. Admins.",
        params: idParam,
        response: { 200: contact, ...errorResponses(403, 404) },
      },
    },
    async (request) => optInContact(ctx, actorOf(request), request.params.id),
  );
  r.get("/api/contacts/:id", { schema: { tags, params: idParam, response: { 200: contact, ...errorResponses(404) } } }, async (request) =>
    getContact(ctx, request.params.id),
  );

  // The spec names both paths for creating a contact.
  for (const url of ["/api/contacts", "/api/contact"]) {
    r.post(url, { schema: { tags, body: createContactBody, response: { 201: contact, ...writeErrors } } }, async (request, reply) =>
      reply.status(201).send(await createContact(ctx, request.body)),
    );
  }

  r.put("/api/contacts/:id", { schema: { tags, params: idParam, body: updateContactBody, response: { 200: contact, ...writeErrors } } }, async (request) =>
    updateContact(ctx, request.params.id, request.body),
  );

  r.delete("/api/contacts/:id", { schema: { tags, params: idParam, response: { 200: okResponse, ...errorResponses(403, 404) } } }, async (request) =>
    ok(deleteContact(ctx, actorOf(request), request.params.id)),
  );
}
