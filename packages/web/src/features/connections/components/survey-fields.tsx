import { limits } from "@atendo/contracts";
import Stack from "@mui/material/Stack";
import { useWatch } from "react-hook-form";
import { FormSwitchField } from "../../../components/form-switch-field";
import { FormTextField, type FormFields } from "../../../components/form-text-field";
import { useTranslation } from "../../../lib/i18n";
import type { ConnectionFormControl, ConnectionFormInput } from "./connection-form.schema";

/**
 * The connection's satisfaction survey (issue 30): on, it is sent when a person or the customer's
 * close code ends a conversation; the question (empty: the default in the customer language), the
 * hours the customer has to answer, a comment after a low score, and whether auto-close sends it too.
 */
export function SurveyFields({ form }: { form: FormFields<ConnectionFormInput> & { control: ConnectionFormControl } }) {
  const { t } = useTranslation();
  const enabled = useWatch({ control: form.control, name: "surveyEnabled" });
  return (
    <Stack spacing={1} component="section" aria-label={t("surveyAdmin.section")}>
      <FormSwitchField control={form.control} name="surveyEnabled" label={t("surveyAdmin.enabled")} hint={t(enabled ? "surveyAdmin.onHint" : "surveyAdmin.offHint")} />
      {enabled && (
        <Stack spacing={2} sx={{ pl: { sm: 6 } }}>
          <FormTextField
            form={form}
            name="surveyQuestion"
            label={t("surveyAdmin.question")}
            multiline
            minRows={2}
            maxRows={6}
            placeholder={t("surveyAdmin.questionPlaceholder")}
            helperText={t("surveyAdmin.questionHint")}
            slotProps={{ htmlInput: { maxLength: limits.surveyQuestionMax } }}
          />
          <FormTextField
            form={form}
            name="surveyWindowHours"
            label={t("surveyAdmin.windowHours")}
            required
            helperText={t("surveyAdmin.windowHoursHint", limits.surveyWindowHours)}
            errorText={t("surveyAdmin.windowHoursInvalid", limits.surveyWindowHours)}
            slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 3 } }}
            sx={{ maxWidth: 360 }}
          />
          <FormSwitchField control={form.control} name="surveyAskComment" label={t("surveyAdmin.askComment")} hint={t("surveyAdmin.askCommentHint", { max: limits.surveyLowScoreMax })} />
          <FormSwitchField control={form.control} name="surveyOnAutoClose" label={t("surveyAdmin.onAutoClose")} hint={t("surveyAdmin.onAutoCloseHint")} />
        </Stack>
      )}
    </Stack>
  );
}
