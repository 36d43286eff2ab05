import type { CreateMonitoringBody, Monitoring, UpdateMonitoringBody } from "@atendo/contracts";
import { adminEntity } from "../../../lib/admin-entity";
import { resourceApi } from "../../../lib/resource-api";

/** Every monitoring, by name (GET /monitorings is small and unpaged), on /monitoring and its form, kept live by `monitoring` events. */
export const monitoringsEntity = adminEntity("monitorings", resourceApi<Monitoring, CreateMonitoringBody, UpdateMonitoringBody>("/monitorings"), {
  live: "monitoring",
  title: "pages.monitoring",
});
