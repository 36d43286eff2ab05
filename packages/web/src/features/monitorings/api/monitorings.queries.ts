import type { CreateMonitoringBody, Monitoring, UpdateMonitoringBody } from "@atendo/contracts";
import { resourceApi } from "../../../lib/resource-api";
import { wholeListResource } from "../../../lib/whole-list-resource";

/** Every monitoring, by name (GET /monitorings is small and unpaged), each one, and their mutations. */
export const monitoringsResource = wholeListResource(
  "monitorings",
  resourceApi<Monitoring, CreateMonitoringBody, UpdateMonitoringBody>("/monitorings"),
  (monitoring) => monitoring.name,
);
