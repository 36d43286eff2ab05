import { contact, contactPage, createContactBody, idParam, listContactsQuery, okResponse, updateContactBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, typed } from "../../core/route-kit.js";
import { createContact, deleteContact, getContact, listContacts, updateContact } from "./contacts.service.js";

const tags = ["contacts"];
const writeErrors = errorResponses(400, 404, 409);

/** Every signed-in user (the auth hook guarantees one); only deleting is for admins. */
export function contactsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/contacts", { schema: { tags, querystring: listContactsQuery, response: { 200: contactPage } } }, async (request) =>
    listContacts(ctx, request.query),
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
