import { contactImportTemplateTypes, type ContactImportTemplateType, type Language } from "@atendo/contracts";
import Box from "@mui/material/Box";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";
import type { FieldBinding } from "../../../lib/form";
import { fetchTemplate } from "../api/contact-import.api";
import { DownloadButton } from "./download-button";

interface TemplateChoiceProps extends FieldBinding<ContactImportTemplateType | undefined> {
  /** The language of the headers: the templates offered are in it. */
  language: Language;
}

/**
 * Atendo's CSV or Google Contacts' export (spec §2), each with its template: Atendo's in the chosen
 * language, Google's in English (Google exports its headers in English whatever the language).
 */
export function TemplateChoice({ value, onChange, onBlur, language }: TemplateChoiceProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <FormControl component="fieldset" required>
      <FormLabel component="legend" id={labelId} sx={{ mb: 0.5 }}>
        {t("contactImport.templateType")}
      </FormLabel>
      <RadioGroup aria-labelledby={labelId} value={value ?? ""} onChange={(event) => onChange(event.target.value as ContactImportTemplateType)} onBlur={onBlur}>
        {contactImportTemplateTypes.map((type) => (
          <TemplateOption key={type} type={type} language={type === "google" ? "en" : language} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function TemplateOption({ type, language }: { type: ContactImportTemplateType; language: Language }) {
  const { t } = useTranslation();
  const helpId = useId();
  const name = t(`contactImport.templates.${type}`);
  return (
    <Box sx={{ py: 0.5 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1 }}>
        <FormControlLabel value={type} control={<Radio slotProps={{ input: { "aria-describedby": helpId } }} />} label={name} sx={{ mr: 0 }} />
        <DownloadButton
          label={t("contactImport.template")}
          description={t("contactImport.downloadTemplate", { template: name, language: t(`language.names.${language}`) })}
          fetchFile={() => fetchTemplate(type, language)}
          fileName={`contacts-${type}-${language}.csv`}
        />
      </Box>
      {/* Lined up with the option's label, past the radio's circle. */}
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ pl: "31px", mt: -0.5 }}>
        {t(`contactImport.templateHelp.${type}`)}
      </Typography>
    </Box>
  );
}
