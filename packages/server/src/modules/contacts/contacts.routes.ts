import {
  contact,
  contactPage,
  createContactBody,
  errorResponse,
  idParam,
  listContactsQuery,
  okResponse,
  updateContactBody,
} from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf } from "../../core/route-kit.js";
import { mapConstraint } from "../../core/db-errors.js";
import { typed } from "../../core/route-kit.js";
import { createContact, deleteContact, getContact, listContacts, updateContact } from "./contacts.service.js";

const tags = ["contacts"];
const writeErrors = { 400: errorResponse, 404: errorResponse, 409: errorResponse };

/** Every signed-in user (the auth hook guarantees one); only deleting is for admins. */
export function contactsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  mapConstraint("contacts_number_key", "ERR_DUPLICATED_CONTACT");

  r.get(
    "/api/contacts",
    { schema: { tags, querystring: listContactsQuery, response: { 200: contactPage } } },
    async (request) => listContacts(ctx, request.query),
  );

  r.get(
    "/api/contacts/:id",
    { schema: { tags, params: idParam, response: { 200: contact, 404: errorResponse } } },
    async (request) => getContact(ctx, request.params.id),
  );

  // The spec names both paths for creating a contact.
  for (const url of ["/api/contacts", "/api/contact"]) {
    r.post(
      url,
      { schema: { tags, body: createContactBody, response: { 201: contact, ...writeErrors } } },
      async (request, reply) => reply.status(201).send(await createContact(ctx, request.body)),
    );
  }

  r.put(
    "/api/contacts/:id",
    { schema: { tags, params: idParam, body: updateContactBody, response: { 200: contact, ...writeErrors } } },
    async (request) => updateContact(ctx, request.params.id, request.body),
  );

  r.delete(
    "/api/contacts/:id",
    { schema: { tags, params: idParam, response: { 200: okResponse, 403: errorResponse, 404: errorResponse } } },
    async (request) => {
      await deleteContact(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
