import { createUraBody, ura, updateUraBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { adminDestinationErrors, entityRoutes } from "../../core/entity-routes.js";
import { createUra, deleteUra, getUra, listUras, updateUra } from "./uras.service.js";

/** Admin only; paths as the spec writes them (§7). */
export function urasRoutes(app: FastifyInstance, ctx: AppContext): void {
  entityRoutes(app, ctx, {
    path: "/api/uras",
    tags: ["uras"],
    entity: ura,
    createBody: createUraBody,
    updateBody: updateUraBody,
    errors: adminDestinationErrors,
    actions: { list: listUras, get: getUra, create: createUra, update: updateUra, remove: deleteUra },
  });
}
