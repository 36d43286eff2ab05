import { languages, type ContactImport } from "@atendo/contracts";
import Alert from "@mui/material/Alert";
import DialogContent from "@mui/material/DialogContent";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import { useController, useWatch } from "react-hook-form";
import { DialogForm } from "../../../components/dialog-form";
import { DialogSubmitActions } from "../../../components/dialog-submit-actions";
import { FormSelectField } from "../../../components/form-select-field";
import { fieldBinding, useContractForm } from "../../../lib/form";
import { currentLanguage, useTranslation } from "../../../lib/i18n";
import { isDialogRefusal, useStartImport } from "../hooks/use-contact-import";
import { CsvFileField } from "./csv-file-field";
import { importFormDefaults, importFormSchema } from "./import-form.schema";
import { LastImport } from "./last-import";
import { RefusalAlert } from "./refusal-alert";
import { TemplateChoice } from "./template-choice";

interface ImportFormProps {
  /** The latest import (its summary is shown above the form), if any. */
  latest: ContactImport | null | undefined;
  /** Another import runs: confirm stays disabled, and the form says why. */
  running: boolean;
  onStarted: (contactImport: ContactImport) => void;
  onClose: () => void;
}

/**
 * Template type, the language of the file's headers, the file (spec §5): confirm is enabled once
 * a template is chosen and the file passes the client-side check.
 */
export function ImportForm({ latest, running, onStarted, onClose }: ImportFormProps) {
  const { t } = useTranslation();
  const start = useStartImport();
  const form = useContractForm(importFormSchema, importFormDefaults(currentLanguage()));
  const { control, handleSubmit, formState } = form;
  const language = useWatch({ control, name: "language" }) ?? "en";
  const template = useController({ control, name: "templateType" });
  const csv = useController({ control, name: "csv" });

  const submit = handleSubmit((values) => start.mutate(values, { onSuccess: onStarted }));
  // A refusal is about the file sent: choosing another file or template puts it away.
  const changed = () => start.reset();

  return (
    <DialogForm onSubmit={submit}>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {running && <Alert severity="info">{t("contactImport.unavailable")}</Alert>}
          {!running && latest && <LastImport contactImport={latest} />}
          <TemplateChoice
            {...fieldBinding(template.field)}
            onChange={(value) => {
              changed();
              template.field.onChange(value);
            }}
            language={language}
          />
          <FormSelectField
            control={control}
            name="language"
            label={t("contactImport.language")}
            helperText={t("contactImport.languageHint")}
            onChanged={changed}
          >
            {languages.map((code) => (
              <MenuItem key={code} value={code} lang={code}>
                {t(`language.names.${code}`)}
              </MenuItem>
            ))}
          </FormSelectField>
          <CsvFileField
            file={csv.field.value}
            problem={csv.fieldState.error?.message}
            onChange={(file) => {
              changed();
              csv.field.onChange(file);
              csv.field.onBlur();
            }}
          />
          {isDialogRefusal(start.error) && <RefusalAlert error={start.error} />}
        </Stack>
      </DialogContent>
      <DialogSubmitActions
        label={t("contactImport.confirm")}
        onCancel={onClose}
        pending={start.isPending}
        disabled={running || !formState.isValid}
      />
    </DialogForm>
  );
}
