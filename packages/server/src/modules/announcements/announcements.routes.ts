import { announcement, createAnnouncementBody, updateAnnouncementBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { adminDestinationErrors, entityRoutes } from "../../core/entity-routes.js";
import {
  createAnnouncement,
  deleteAnnouncement,
  getAnnouncement,
  listAnnouncements,
  updateAnnouncement,
} from "./announcements.service.js";

/** Admin only; paths as the spec writes them (§7). */
export function announcementsRoutes(app: FastifyInstance, ctx: AppContext): void {
  entityRoutes(app, ctx, {
    path: "/api/announcements",
    tags: ["announcements"],
    entity: announcement,
    createBody: createAnnouncementBody,
    updateBody: updateAnnouncementBody,
    errors: adminDestinationErrors,
    actions: { list: listAnnouncements, get: getAnnouncement, create: createAnnouncement, update: updateAnnouncement, remove: deleteAnnouncement },
  });
}
