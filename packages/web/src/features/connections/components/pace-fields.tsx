import { defaultConnectionPaces, limits, type ConnectionKind } from "@atendo/contracts";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import { FormTextField } from "../../../components/form-text-field";
import { useTranslation } from "../../../lib/i18n";
import { paceFormValues, type ConnectionFormInput, type ConnectionFormValues } from "./connection-form.schema";

/**
 * The connection's outbound pace (issue 31, docs/decisions/0083): messages per minute, the daily
 * cap on outreach and its warm-up days, with the kind's default above them. On a new connection
 * the fields follow the kind chosen until the admin edits one of them.
 */
export function PaceFields({ form, kind, isNew }: { form: UseFormReturn<ConnectionFormInput, unknown, ConnectionFormValues>; kind: ConnectionKind; isNew: boolean }) {
  const { t } = useTranslation();
  const fallback = defaultConnectionPaces[kind];
  const shownKind = useRef(kind);
  const { dirtyFields } = form.formState;
  const edited = Boolean(dirtyFields.pacePerMinute || dirtyFields.paceDailyCap || dirtyFields.paceWarmUp);
  useEffect(() => {
    if (!isNew || shownKind.current === kind) return;
    shownKind.current = kind;
    if (edited) return;
    for (const [name, value] of Object.entries(paceFormValues(defaultConnectionPaces[kind]))) form.setValue(name as keyof ConnectionFormInput, value);
  }, [form, kind, isNew, edited]);

  const days = (count: number) => (count === 0 ? t("pace.off") : t("pace.days", { count }));
  return (
    <Stack spacing={2} component="section" aria-label={t("pace.section")}>
      <Stack spacing={0.5}>
        <Typography variant="subtitle1" component="h2">
          {t("pace.section")}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t("pace.intro", {
            kind: t(`connections.kinds.${kind}`),
            perMinute: fallback.perMinute,
            dailyCap: fallback.dailyCap === 0 ? t("pace.noCap") : fallback.dailyCap,
            warmUp: days(fallback.warmUp),
          })}
        </Typography>
      </Stack>
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} alignItems="flex-start">
        <FormTextField
          form={form}
          name="pacePerMinute"
          label={t("pace.perMinute")}
          required
          fullWidth
          helperText={t("pace.perMinuteHint", limits.pacePerMinute)}
          errorText={t("pace.perMinuteInvalid", limits.pacePerMinute)}
          slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 5 } }}
        />
        <FormTextField
          form={form}
          name="paceDailyCap"
          label={t("pace.dailyCap")}
          required
          fullWidth
          helperText={t("pace.dailyCapHint")}
          errorText={t("pace.dailyCapInvalid", limits.paceDailyCap)}
          slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 7 } }}
        />
        <FormTextField
          form={form}
          name="paceWarmUp"
          label={t("pace.warmUp")}
          required
          fullWidth
          helperText={t("pace.warmUpHint")}
          errorText={t("pace.warmUpInvalid", limits.paceWarmUpDays)}
          slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 2 } }}
        />
      </Stack>
    </Stack>
  );
}
