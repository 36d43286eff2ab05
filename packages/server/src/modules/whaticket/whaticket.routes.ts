import {
  createTicketBody,
  idParam,
  listMessagesQuery,
  listUsersQuery,
  messagePage,
  ticket,
  ticketIdParam,
  userPage,
  whaticketConnection,
  whaticketConnectionList,
  whaticketPath,
  whaticketUpdateTicketBody,
  whaticketUserPage,
} from "@atendo/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { actorOfSession } from "../auth/authenticate.js";
import { mediaForUser, sendMedia } from "../media/media.service.js";
import { listMessages } from "../messages/messages.service.js";
import { linkOrigin, mediaLinkKey, verifyMediaLink } from "./media-link.js";
import type { WhaticketForwarding } from "./whaticket-forwarding.js";
import {
  bareTicket,
  connectionList,
  connectionWithQueues,
  createBareTicket,
  holderOf,
  pageWithSignedMedia,
  updateBareTicket,
  userList,
  type MediaLinks,
} from "./whaticket.service.js";

/** Not in the OpenAPI document: that is Atendo's API (/api); these are another client's words for it. */
const hide = true;
const errors = errorResponses(400, 403, 404, 409);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The calls the Whaticket web client makes that need its shapes (decision 0066,
 * docs/compatibility.md); its other calls reach the /api routes through `forwarding`.
 */
export function whaticketRoutes(app: FastifyInstance, ctx: AppContext, forwarding: WhaticketForwarding): void {
  app.addHook("onRoute", forwarding.learn);
  const r = typed(app);
  const key = mediaLinkKey(ctx.jwtKey);
  const links = (request: FastifyRequest): MediaLinks => ({
    key,
    holder: holderOf(actorOf(request)),
    origin: linkOrigin(ctx.config.PUBLIC_URL, request.protocol, request.host),
    nowSeconds: nowSeconds(),
  });

  r.get(`${whaticketPath}/tickets/:id`, { schema: { hide, params: idParam, response: { 200: ticket, ...errorResponses(403, 404) } } }, async (request) =>
    bareTicket(ctx, actorOf(request), request.params.id),
  );

  r.post(`${whaticketPath}/tickets`, { schema: { hide, body: createTicketBody, response: { 201: ticket, 200: ticket, ...errors } } }, async (request, reply) => {
    const { created, ticket: opened } = await createBareTicket(ctx, actorOf(request), request.body);
    return reply.status(created ? 201 : 200).send(opened);
  });

  r.put(
    `${whaticketPath}/tickets/:id`,
    { schema: { hide, params: idParam, body: whaticketUpdateTicketBody, response: { 200: ticket, ...errors } } },
    async (request) => updateBareTicket(ctx, actorOf(request), request.params.id, request.body),
  );

  r.get(
    `${whaticketPath}/messages/:ticketId`,
    { schema: { hide, params: ticketIdParam, querystring: listMessagesQuery, response: { 200: messagePage, ...errorResponses(403, 404) } } },
    async (request) => pageWithSignedMedia(await listMessages(ctx, actorOf(request), request.params.ticketId, request.query.pageNumber), links(request)),
  );

  r.get(`${whaticketPath}/whatsapp`, { schema: { hide, response: { 200: whaticketConnectionList } } }, async (request) => connectionList(ctx, actorOf(request)));

  r.get(`${whaticketPath}/whatsapp/:id`, { schema: { hide, params: idParam, response: { 200: whaticketConnection, ...errorResponses(403, 404) } } }, async (request) =>
    connectionWithQueues(ctx, actorOf(request), request.params.id),
  );

  r.get(`${whaticketPath}/users`, { schema: { hide, querystring: listUsersQuery, response: { 200: z.union([userPage, whaticketUserPage]) } } }, async (request) =>
    userList(ctx, actorOf(request), request.query),
  );

  // The link is the credential (media-link.ts): the sign-in it names must still live, and its user
  // still see the message, exactly as GET /api/media/{name} checks with the token.
  r.get(
    `${whaticketPath}/media/:link/:name`,
    {
      config: { public: true },
      schema: { hide, params: z.object({ link: z.string().max(200), name: z.string().max(100) }), response: errorResponses(403, 404) },
    },
    async (request, reply) => {
      const holder = verifyMediaLink(key, request.params.name, request.params.link, nowSeconds());
      // A sign-in ended since (logout, password change, removal) ends its links too.
      const actor = await actorOfSession(ctx.db, holder).catch((error: unknown) => {
        throw error instanceof AppError ? new AppError("ERR_MEDIA_LINK_EXPIRED") : error;
      });
      return sendMedia(ctx, reply, await mediaForUser(ctx, actor, request.params.name));
    },
  );
}
