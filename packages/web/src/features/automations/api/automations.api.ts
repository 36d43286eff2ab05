import type { AutomationBody, AutomationDryRun, AutomationRule, AutomationRun } from "@atendo/contracts";
import { http } from "../../../lib/http";
import { resourceApi } from "../../../lib/resource-api";

export const automationsApi = resourceApi<AutomationRule, AutomationBody, AutomationBody>("/automations");

export const listAutomationRuns = (id: number, signal?: AbortSignal) => http.get<AutomationRun[]>(`/automations/${id}/runs`, { signal });

/** The rule as typed, against the last 50 events of its trigger; nothing is written. */
export const dryRunAutomation = (body: AutomationBody) => http.post<AutomationDryRun>("/automations/dry-run", body);
