import { createMonitoringBody, userRef, type CreateMonitoringBody, type Monitoring } from "@atendo/contracts";
import { z } from "zod";

/** The form's fields: the owner as the picked user (required), the queue by id (none = null, spec §5). */
export const monitoringFormSchema = z.object({
  name: createMonitoringBody.shape.name,
  status: createMonitoringBody.shape.status,
  user: userRef.nullable().pipe(userRef),
  queueId: z.number().nullable(),
});

export type MonitoringFormInput = z.input<typeof monitoringFormSchema>;
export type MonitoringFormValues = z.output<typeof monitoringFormSchema>;

export function monitoringFormDefaults(monitoring: Monitoring | undefined): MonitoringFormInput {
  return {
    name: monitoring?.name ?? "",
    status: monitoring?.status ?? "open",
    user: monitoring?.user ?? null,
    queueId: monitoring?.queueId ?? null,
  };
}

export function monitoringBody({ user, ...values }: MonitoringFormValues): CreateMonitoringBody {
  return { ...values, userId: user.id };
}
