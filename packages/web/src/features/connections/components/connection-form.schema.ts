import { connectionKinds, entityName, limits, type Connection } from "@atendo/contracts";
import { z } from "zod";

/** The form's fields; selects hold strings ("" = none chosen) until submit. */
export const connectionFormSchema = z.object({
  kind: z.enum(connectionKinds),
  name: entityName,
  label: z.string().trim().max(limits.connectionLabelMax),
  destinationType: z.string().min(1),
  destinationItem: z.string().min(1),
  farewellMessage: z.string().trim().max(limits.farewellMessageMax),
  canCloseTicketByMessage: z.boolean(),
  ignoreGroups: z.boolean(),
  isDefault: z.boolean(),
  webhookUrl: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]),
});

export type ConnectionFormInput = z.input<typeof connectionFormSchema>;
export type ConnectionFormValues = z.output<typeof connectionFormSchema>;

export function connectionFormDefaults(connection: Connection | undefined, forcedDefault: boolean): ConnectionFormInput {
  const destination = connection?.destinations[0];
  return {
    kind: connection?.kind ?? "whatsapp",
    name: connection?.name ?? "",
    label: connection?.label ?? "",
    destinationType: destination?.destinationType ?? "",
    destinationItem: destination ? String(destination.destinationTypeId) : "",
    farewellMessage: connection?.farewellMessage ?? "",
    canCloseTicketByMessage: connection?.canCloseTicketByMessage ?? false,
    ignoreGroups: connection?.ignoreGroups ?? false,
    isDefault: forcedDefault || (connection?.isDefault ?? false),
    webhookUrl: connection?.webhookUrl ?? "",
  };
}
