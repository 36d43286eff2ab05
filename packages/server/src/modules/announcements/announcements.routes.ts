import { announcement, createAnnouncementBody, idParam, okResponse, updateAnnouncementBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, typed } from "../../core/route-kit.js";
import {
  createAnnouncement,
  deleteAnnouncement,
  getAnnouncement,
  listAnnouncements,
  updateAnnouncement,
} from "./announcements.service.js";

const tags = ["announcements"];
const writeErrors = errorResponses(400, 403, 404, 409);

/** Admin only; paths as the spec writes them (§7). */
export function announcementsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/announcements", { schema: { tags, response: { 200: z.array(announcement), ...errorResponses(403) } } }, async (request) =>
    listAnnouncements(ctx, actorOf(request)),
  );

  r.get("/api/announcements/:id", { schema: { tags, params: idParam, response: { 200: announcement, ...errorResponses(403, 404) } } }, async (request) =>
    getAnnouncement(ctx, actorOf(request), request.params.id),
  );

  r.post("/api/announcements", { schema: { tags, body: createAnnouncementBody, response: { 201: announcement, ...writeErrors } } }, async (request, reply) =>
    reply.status(201).send(await createAnnouncement(ctx, actorOf(request), request.body)),
  );

  r.put(
    "/api/announcements/:id",
    { schema: { tags, params: idParam, body: updateAnnouncementBody, response: { 200: announcement, ...writeErrors } } },
    async (request) => updateAnnouncement(ctx, actorOf(request), request.params.id, request.body),
  );

  r.delete("/api/announcements/:id", { schema: { tags, params: idParam, response: { 200: okResponse, ...errorResponses(403, 404, 409) } } }, async (request) =>
    ok(deleteAnnouncement(ctx, actorOf(request), request.params.id)),
  );
}
