import { bot, createBotBody, updateBotBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { adminDestinationErrors, entityRoutes } from "../../core/entity-routes.js";
import { createBot, deleteBot, getBot, listBots, updateBot } from "./bots.service.js";

/** Admin only (docs/decisions/0092). */
export function botsRoutes(app: FastifyInstance, ctx: AppContext): void {
  entityRoutes(app, ctx, {
    path: "/api/bots",
    tags: ["bots"],
    entity: bot,
    createBody: createBotBody,
    updateBody: updateBotBody,
    errors: adminDestinationErrors,
    actions: { list: listBots, get: getBot, create: createBot, update: updateBot, remove: deleteBot },
  });
}
