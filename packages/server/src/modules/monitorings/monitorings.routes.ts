import { createMonitoringBody, monitoring, updateMonitoringBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { adminDestinationErrors, entityRoutes } from "../../core/entity-routes.js";
import { createMonitoring, deleteMonitoring, getMonitoring, listMonitorings, updateMonitoring } from "./monitorings.service.js";

/** Admin only; paths as the spec writes them (§7). */
export function monitoringsRoutes(app: FastifyInstance, ctx: AppContext): void {
  entityRoutes(app, ctx, {
    path: "/api/monitorings",
    tags: ["monitorings"],
    entity: monitoring,
    createBody: createMonitoringBody,
    updateBody: updateMonitoringBody,
    errors: adminDestinationErrors,
    actions: { list: listMonitorings, get: getMonitoring, create: createMonitoring, update: updateMonitoring, remove: deleteMonitoring },
  });
}
