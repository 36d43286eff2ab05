import { createScheduleBody, idParam, listSchedulesQuery, okResponse, schedule, schedulePage, updateScheduleBody } from "@atendo/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { actorOf, errorResponses, ok, parseWith, typed } from "../../core/route-kit.js";
import { discardUploads, readMultipartForm, type Upload } from "../media/multipart-form.js";
import { createSchedule, deleteSchedule, getSchedule, listSchedules, scheduleToChange, updateSchedule } from "./schedules.service.js";

const tags = ["schedules"];
const multipartNote = "JSON, or multipart/form-data with the same fields as JSON in `data` and one file in `media` (media up to 16 MB, other files up to 100 MB: 413; type read from the content: 415 FILE_NOT_SUPPORTED).";

/**
 * A multipart schedule: its fields (`data`, JSON, checked by `schema`) and its one file, which
 * waits under a temporary name: `use` keeps it or not; whatever it leaves is removed after.
 */
async function withForm<S extends z.ZodType, T>(ctx: AppContext, request: FastifyRequest, schema: S, use: (body: z.output<S>, file: Upload | undefined) => Promise<T>): Promise<T> {
  const form = await readMultipartForm(ctx, request, { fileFields: ["media"], maxFiles: 1, fileFieldHint: "The file goes in the `media` field." });
  try {
    let data: unknown;
    try {
      data = JSON.parse(form.fields.data ?? "");
    } catch {
      throw new AppError("ERR_MISSING_VALUES", 400, "`data` holds the schedule as JSON.");
    }
    return await use(parseWith(schema, data), form.files[0]);
  } finally {
    await discardUploads(ctx, form.files);
  }
}

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
        ? await withForm(ctx, request, createScheduleBody, (body, file) => createSchedule(ctx, actor, body, file))
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
      return withForm(ctx, request, updateScheduleBody, (body, file) => updateSchedule(ctx, actor, request.params.id, body, file));
    },
  );

  r.delete("/api/schedules/:id", { schema: { tags, params: idParam, response: { 200: okResponse, ...errorResponses(404, 409) } } }, async (request) =>
    ok(deleteSchedule(ctx, actorOf(request), request.params.id)),
  );
}
