import { idParam, okResponse } from "@atendo/contracts";
import type { FastifyInstance, FastifySchema } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import type { Actor } from "./actor.js";
import { actorOf, errorResponses, ok } from "./route-kit.js";

/** The error statuses each route answers besides its success, as the OpenAPI document lists them. */
export interface EntityRouteErrors {
  list: number[];
  get: number[];
  /** POST and PUT. */
  write: number[];
  remove: number[];
}

/**
 * An admin-only entity that routing may lead to: refused to others (403), and deleting it is
 * refused while a connection, a menu or an announcement leads to it (409 ERR_DESTINATION_IN_USE).
 */
export const adminDestinationErrors: EntityRouteErrors = { list: [403], get: [403, 404], write: [400, 403, 404, 409], remove: [403, 404, 409] };

/** The service functions behind the routes, each taking the acting user first (it may not need them). */
export interface EntityActions<Entity, Create, Update> {
  list(ctx: AppContext, actor: Actor): Promise<Entity[]>;
  get(ctx: AppContext, actor: Actor, id: number): Promise<Entity>;
  create(ctx: AppContext, actor: Actor, body: Create): Promise<Entity>;
  update(ctx: AppContext, actor: Actor, id: number, body: Update): Promise<Entity>;
  remove(ctx: AppContext, actor: Actor, id: number): Promise<void>;
}

export interface EntityRoutes<Entity extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType> {
  /** The collection's path as the spec writes it (§7), e.g. `/api/queue`. */
  path: string;
  tags: string[];
  entity: Entity;
  createBody: Create;
  updateBody: Update;
  errors: EntityRouteErrors;
  actions: EntityActions<z.output<Entity>, z.output<Create>, z.output<Update>>;
}

/**
 * The five routes of an entity edited from a list page and a form (queues, connections, URAs,
 * announcements, monitorings): GET `path` (every one), GET `path/:id`, POST `path` (201 with the
 * entity), PUT `path/:id` (the entity), DELETE `path/:id` (`{ ok: true }`).
 */
export function entityRoutes<Entity extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType>(
  app: FastifyInstance,
  ctx: AppContext,
  routes: EntityRoutes<Entity, Create, Update>,
): void {
  const { path, tags, entity, errors, actions } = routes;
  const one = `${path}/:id`;
  // Typed as plain schemas, not through the zod type provider, which cannot resolve schemas that
  // are type parameters. They still validate every request (a body is its schema's output) and
  // serialise every reply; `actions` is checked against them where the routes are declared.
  const schemas: Record<keyof EntityActions<unknown, unknown, unknown>, FastifySchema> = {
    list: { tags, response: { 200: z.array(entity), ...errorResponses(...errors.list) } },
    get: { tags, params: idParam, response: { 200: entity, ...errorResponses(...errors.get) } },
    create: { tags, body: routes.createBody, response: { 201: entity, ...errorResponses(...errors.write) } },
    update: { tags, params: idParam, body: routes.updateBody, response: { 200: entity, ...errorResponses(...errors.write) } },
    remove: { tags, params: idParam, response: { 200: okResponse, ...errorResponses(...errors.remove) } },
  };
  type Id = { Params: { id: number } };

  app.get(path, { schema: schemas.list }, async (request) => actions.list(ctx, actorOf(request)));
  app.get<Id>(one, { schema: schemas.get }, async (request) => actions.get(ctx, actorOf(request), request.params.id));
  app.post(path, { schema: schemas.create }, async (request, reply) =>
    reply.status(201).send(await actions.create(ctx, actorOf(request), request.body as z.output<Create>)),
  );
  app.put<Id>(one, { schema: schemas.update }, async (request) =>
    actions.update(ctx, actorOf(request), request.params.id, request.body as z.output<Update>),
  );
  app.delete<Id>(one, { schema: schemas.remove }, async (request) => ok(actions.remove(ctx, actorOf(request), request.params.id)));
}
