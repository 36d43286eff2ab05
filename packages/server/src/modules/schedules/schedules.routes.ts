import { createScheduleBody, idParam, listSchedulesQuery, okResponse, schedule, schedulePage, updateScheduleBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, parseWith, typed } from "../../core/route-kit.js";
import { readJsonForm } from "../media/multipart-form.js";
import { createSchedule, deleteSchedule, getSchedule, listSchedules, scheduleToChange, updateSchedule } from "./schedules.service.js";

const tags = ["schedules"];
const multipartNote = "JSON, or multipart/form-data with the same fields as JSON in `data` and one file in `media` (media up to 16 MB, other files up to 100 MB: 413; type read from the content: 415 FILE_NOT_SUPPORTED).";

/** Scheduled messages (issue 31): every signed-in user, each seeing their own (admins every one). */
export function schedulesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/schedules", { schema: { tags, querystring: listSchedulesQuery, response: { 200: schedulePage } } }, async (request) =>
    listSchedules(ctx, actorOf(request), request.query),
  );

  r.get("/api/schedules/:id", { schema: { tags, params: idParam, response: { 200: schedule, ...errorResponses(404) } } }, async (request) =>
    getSchedule(ctx, actorOf(request), request.params.id),
  );

  r.post(
    "/api/schedules",
    {
      schema: {
        tags,
        description: `A message to send later (createScheduleBody). ${multipartNote}`,
        consumes: ["application/json", "multipart/form-data"],
        response: { 201: schedule, ...errorResponses(400, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const created = request.isMultipart()
        ? await readJsonForm(ctx, request, createScheduleBody, "schedule", (body, file) => createSchedule(ctx, actor, body, file))
        : await createSchedule(ctx, actor, parseWith(createScheduleBody, request.body));
      return reply.status(201).send(created);
    },
  );

  r.put(
    "/api/schedules/:id",
    {
      schema: {
        tags,
        description: `While pending (updateScheduleBody; \`media: null\` removes its file). ${multipartNote} A new file replaces the one it had.`,
        consumes: ["application/json", "multipart/form-data"],
        params: idParam,
        response: { 200: schedule, ...errorResponses(400, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!request.isMultipart()) return updateSchedule(ctx, actor, request.params.id, parseWith(updateScheduleBody, request.body));
      // Permission first: an upload to someone else's (or a sent) schedule is never read.
      await scheduleToChange(ctx, actor, request.params.id);
      return readJsonForm(ctx, request, updateScheduleBody, "schedule", (body, file) => updateSchedule(ctx, actor, request.params.id, body, file));
    },
  );

  r.delete("/api/schedules/:id", { schema: { tags, params: idParam, response: { 200: okResponse, ...errorResponses(404, 409) } } }, async (request) =>
    ok(deleteSchedule(ctx, actorOf(request), request.params.id)),
  );
}
