import { limits, type Queue, type QueueSla } from "@atendo/contracts";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { z } from "zod";
import type { EntityField } from "../../../components/entity-fields";
import { FormTextField } from "../../../components/form-text-field";
import { useTranslation } from "../../../lib/i18n";

const { min, max } = limits.slaMinutes;

/** Minutes as typed: empty (no target) or a whole number within limits.slaMinutes. */
const minutesText = z
  .string()
  .trim()
  .refine((text) => text === "" || (/^\d+$/.test(text) && Number(text) >= min && Number(text) <= max));

const slaShape = { slaFirstResponse: minutesText, slaResolution: minutesText };

/** The queue form's SLA values as the API takes them (`sla`, empty: no target). */
export function slaOf(values: { slaFirstResponse: string; slaResolution: string }): QueueSla {
  const minutes = (text: string) => (text.trim() === "" ? null : Number(text));
  return { firstResponseMinutes: minutes(values.slaFirstResponse), resolutionMinutes: minutes(values.slaResolution) };
}

/** A queue's SLA targets (issue 30): minutes to the first answer and to the close, each optional. */
export const slaField: EntityField<Queue, typeof slaShape> = {
  shape: slaShape,
  initial: (queue) => ({
    slaFirstResponse: queue?.sla.firstResponseMinutes?.toString() ?? "",
    slaResolution: queue?.sla.resolutionMinutes?.toString() ?? "",
  }),
  Field: function SlaFields({ form }) {
    const { t } = useTranslation();
    const fields = form as unknown as UseFormReturn<FieldValues>;
    const field = (name: keyof typeof slaShape, label: string) => (
      <FormTextField
        form={fields}
        name={name as FieldPath<FieldValues>}
        label={t(label)}
        helperText={t("slaAdmin.form.minutesHint", { min, max })}
        errorText={t("slaAdmin.form.minutesInvalid", { min, max })}
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { inputMode: "numeric", pattern: "[0-9]*", maxLength: String(max).length } }}
      />
    );
    return (
      <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ p: 0 }}>
          {t("slaAdmin.form.title")}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t("slaAdmin.form.hint")}
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {field("slaFirstResponse", "slaAdmin.form.firstResponse")}
          {field("slaResolution", "slaAdmin.form.resolution")}
        </Stack>
      </Stack>
    );
  },
};
