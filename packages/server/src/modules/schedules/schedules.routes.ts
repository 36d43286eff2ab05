import { createScheduleBody, idParam, listSchedulesQuery, okResponse, schedule, schedulePage, updateScheduleBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, typed } from "../../core/route-kit.js";
import { createSchedule, deleteSchedule, getSchedule, listSchedules, updateSchedule } from "./schedules.service.js";

const tags = ["schedules"];

/** Scheduled messages (issue 31): every signed-in user, each seeing their own (admins every one). */
export function schedulesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/schedules", { schema: { tags, querystring: listSchedulesQuery, response: { 200: schedulePage } } }, async (request) =>
    listSchedules(ctx, actorOf(request), request.query),
  );

  r.get("/api/schedules/:id", { schema: { tags, params: idParam, response: { 200: schedule, ...errorResponses(404) } } }, async (request) =>
    getSchedule(ctx, actorOf(request), request.params.id),
  );

  r.post("/api/schedules", { schema: { tags, body: createScheduleBody, response: { 201: schedule, ...errorResponses(400, 403, 404) } } }, async (request, reply) =>
    reply.status(201).send(await createSchedule(ctx, actorOf(request), request.body)),
  );

  r.put(
    "/api/schedules/:id",
    { schema: { tags, params: idParam, body: updateScheduleBody, response: { 200: schedule, ...errorResponses(400, 403, 404, 409) } } },
    async (request) => updateSchedule(ctx, actorOf(request), request.params.id, request.body),
  );

  r.delete("/api/schedules/:id", { schema: { tags, params: idParam, response: { 200: okResponse, ...errorResponses(404, 409) } } }, async (request) =>
    ok(deleteSchedule(ctx, actorOf(request), request.params.id)),
  );
}
