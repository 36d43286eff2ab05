import {
  businessHoursFields,
  connectionKinds,
  defaultConnectionPaces,
  entityName,
  limits,
  telegramSettingsInput,
  type Connection,
  type ConnectionKind,
  type ConnectionPace,
} from "@atendo/contracts";
import type { Control } from "react-hook-form";
import { z } from "zod";
import { destinationFormFields, destinationFormValues } from "../../../lib/destinations";
import { cloudFormDefaults, cloudFormField, cloudFormShape, cloudToSend } from "./cloud-form";
import { webchatFormField, webchatFormValues, webchatToSend, webchatValid } from "./webchat-form";

/** What a customer sends to close the conversation unless the admin chooses another code. */
const defaultCloseCode = "#";

/** A whole number typed in a text field, within `range`. */
function wholeNumber(range: { min: number; max: number }) {
  return z
    .string()
    .trim()
    .regex(/^\d{1,7}$/)
    .transform(Number)
    .pipe(z.number().int().min(range.min).max(range.max));
}

/** The pace to send: none (null) when it is the kind's default, so the connection follows that default. */
function paceToSend(kind: ConnectionKind, pace: ConnectionPace): ConnectionPace | null {
  const fallback = defaultConnectionPaces[kind];
  return pace.perMinute === fallback.perMinute && pace.dailyCap === fallback.dailyCap && pace.warmUp === fallback.warmUp ? null : pace;
}

/** The pace fields' values for a kind's default (the form refills them when a new connection's kind changes). */
export function paceFormValues(pace: ConnectionPace) {
  return { pacePerMinute: String(pace.perMinute), paceDailyCap: String(pace.dailyCap), paceWarmUp: String(pace.warmUp) };
}

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
    // The WhatsApp Cloud API's ids and secrets (cloud-form.ts): checked and sent for that kind only.
    cloud: cloudFormShape,
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
    // The outbound pace (issue 31): flat fields, sent as the contract's `pace` (null: the kind's default).
    pacePerMinute: wholeNumber(limits.pacePerMinute),
    paceDailyCap: wholeNumber(limits.paceDailyCap),
    paceWarmUp: wholeNumber(limits.paceWarmUpDays),
    // Telegram (issue 32): the bot token is write-only; empty keeps the stored one (`telegramTokenSet`).
    telegramBotToken: z.union([z.literal(""), telegramSettingsInput.shape.botToken]),
    telegramTokenSet: z.boolean(),
    // The website widget's settings (issue 32), sent as the contract's `webchat` for that kind only.
    webchat: webchatFormField,
  })
  .refine((values) => !values.canCloseTicketByMessage || values.closeCode !== "", { path: ["closeCode"], message: "required" })
  .refine((values) => webchatValid(values.kind, values.webchat), { path: ["webchat", "allowedOrigins"], message: "invalid" })
  .superRefine((values, issues) => {
    if (values.kind !== "whatsapp_cloud") return;
    const parsed = cloudFormField.safeParse(values.cloud);
    for (const issue of parsed.error?.issues ?? []) issues.addIssue({ code: "custom", path: ["cloud", ...issue.path.map(String)], message: issue.message });
  })
  .refine((values) => values.kind !== "telegram" || values.telegramTokenSet || values.telegramBotToken !== "", { path: ["telegramBotToken"], message: "required" })
  .transform(({ cloud, surveyEnabled, surveyQuestion, surveyAskComment, surveyOnAutoClose, surveyWindowHours, pacePerMinute, paceDailyCap, paceWarmUp, telegramBotToken, telegramTokenSet: _, ...values }) => ({
    ...values,
    cloud: values.kind === "whatsapp_cloud" ? cloudToSend(cloud) : undefined,
    telegram: values.kind === "telegram" && telegramBotToken ? { botToken: telegramBotToken } : undefined,
    pace: paceToSend(values.kind, { perMinute: pacePerMinute, dailyCap: paceDailyCap, warmUp: paceWarmUp }),
    closeCode: values.closeCode || defaultCloseCode,
    webchat: webchatToSend(values.kind, values.webchat),
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
    cloud: cloudFormDefaults(connection),
    surveyEnabled: connection?.survey.enabled ?? false,
    surveyQuestion: connection?.survey.question ?? "",
    surveyAskComment: connection?.survey.askComment ?? false,
    surveyOnAutoClose: connection?.survey.onAutoClose ?? false,
    surveyWindowHours: String(connection?.survey.windowHours ?? limits.surveyWindowHours.default),
    ...paceFormValues(connection?.pace ?? defaultConnectionPaces[connection?.kind ?? "whatsapp"]),
    telegramBotToken: "",
    telegramTokenSet: connection?.telegram?.botTokenSet ?? false,
    webchat: webchatFormValues(connection),
  };
}
