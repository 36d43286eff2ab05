import { automationBody, automationDryRun, automationRule, automationRun, idParam } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { entityRoutes } from "../../core/entity-routes.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { dryRunAutomation } from "./automation-dry-run.js";
import {
  createAutomation,
  deleteAutomation,
  getAutomation,
  listAutomationRuns,
  listAutomations,
  updateAutomation,
} from "./automations.service.js";

const tags = ["automations"];

/** Admins only (issue 33): the rules, their run log, and a dry run of a rule as posted. */
export function automationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  entityRoutes(app, ctx, {
    path: "/api/automations",
    tags,
    entity: automationRule,
    createBody: automationBody,
    updateBody: automationBody,
    errors: { list: [403], get: [403, 404], write: [400, 403, 404], remove: [403, 404] },
    actions: { list: listAutomations, get: getAutomation, create: createAutomation, update: updateAutomation, remove: deleteAutomation },
  });
  const r = typed(app);

  r.get("/api/automations/:id/runs", { schema: { tags, params: idParam, response: { 200: z.array(automationRun), ...errorResponses(403, 404) } } }, async (request) =>
    listAutomationRuns(ctx, actorOf(request), request.params.id),
  );

  r.post("/api/automations/dry-run", { schema: { tags, body: automationBody, response: { 200: automationDryRun, ...errorResponses(400, 403) } } }, async (request) =>
    dryRunAutomation(ctx, actorOf(request), request.body),
  );
}
