import { businessHoursFields, connectionKinds, entityName, limits, type Connection } from "@atendo/contracts";
import type { Control } from "react-hook-form";
import { z } from "zod";
import { destinationFormFields, destinationFormValues } from "../../../lib/destinations";

/** What a customer sends to close the conversation unless the admin chooses another code. */
const defaultCloseCode = "#";

/**
 * The form's fields; selects hold strings ("" = none chosen) until submit. The close code is
 * asked for only while customers may close by message; otherwise it keeps its value or `#`.
 */
export const connectionFormSchema = z
  .object({
    kind: z.enum(connectionKinds),
    name: entityName,
    label: z.string().trim().max(limits.connectionLabelMax),
    destinationType: destinationFormFields.type,
    destinationItem: destinationFormFields.item,
    farewellMessage: z.string().trim().max(limits.farewellMessageMax),
    canCloseTicketByMessage: z.boolean(),
    closeCode: z.string().trim().max(limits.closeCodeMax),
    ignoreGroups: z.boolean(),
    isDefault: z.boolean(),
    webhookUrl: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]),
    ...businessHoursFields,
    // The satisfaction survey (issue 30): flat fields, sent as the contract's `survey` object.
    surveyEnabled: z.boolean(),
    surveyQuestion: z.string().trim().max(limits.surveyQuestionMax),
    surveyAskComment: z.boolean(),
    surveyOnAutoClose: z.boolean(),
    surveyWindowHours: z
      .string()
      .trim()
      .regex(/^\d{1,4}$/)
      .transform(Number)
      .pipe(z.number().int().min(limits.surveyWindowHours.min).max(limits.surveyWindowHours.max)),
  })
  .refine((values) => !values.canCloseTicketByMessage || values.closeCode !== "", { path: ["closeCode"], message: "required" })
  .transform(({ surveyEnabled, surveyQuestion, surveyAskComment, surveyOnAutoClose, surveyWindowHours, ...values }) => ({
    ...values,
    closeCode: values.closeCode || defaultCloseCode,
    survey: { enabled: surveyEnabled, question: surveyQuestion, askComment: surveyAskComment, onAutoClose: surveyOnAutoClose, windowHours: surveyWindowHours },
  }));

export type ConnectionFormInput = z.input<typeof connectionFormSchema>;
export type ConnectionFormValues = z.output<typeof connectionFormSchema>;
export type ConnectionFormControl = Control<ConnectionFormInput, unknown, ConnectionFormValues>;

export function connectionFormDefaults(connection: Connection | undefined, forcedDefault: boolean): ConnectionFormInput {
  const destination = destinationFormValues(connection?.destinations[0]);
  return {
    kind: connection?.kind ?? "whatsapp",
    name: connection?.name ?? "",
    label: connection?.label ?? "",
    destinationType: destination.type,
    destinationItem: destination.item,
    farewellMessage: connection?.farewellMessage ?? "",
    canCloseTicketByMessage: connection?.canCloseTicketByMessage ?? false,
    closeCode: connection?.closeCode ?? defaultCloseCode,
    businessHours: connection?.businessHours ?? null,
    outOfHoursMessage: connection?.outOfHoursMessage ?? "",
    ignoreGroups: connection?.ignoreGroups ?? false,
    isDefault: forcedDefault || (connection?.isDefault ?? false),
    webhookUrl: connection?.webhookUrl ?? "",
    surveyEnabled: connection?.survey.enabled ?? false,
    surveyQuestion: connection?.survey.question ?? "",
    surveyAskComment: connection?.survey.askComment ?? false,
    surveyOnAutoClose: connection?.survey.onAutoClose ?? false,
    surveyWindowHours: String(connection?.survey.windowHours ?? limits.surveyWindowHours.default),
  };
}
