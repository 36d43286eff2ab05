import { limits } from "@atendo/contracts";
import DataObjectIcon from "@mui/icons-material/DataObject";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ListSubheader from "@mui/material/ListSubheader";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useRef, useState } from "react";
import { useController, type Control } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import type { CampaignFormInput, CampaignFormValues } from "../lib/campaign-form";
import { contactVariables, insertAt, variableToken } from "../lib/campaign-variables";

interface MessageFieldProps {
  control: Control<CampaignFormInput, unknown, CampaignFormValues>;
  /** Custom field names to offer (those of the contact chosen for the preview). */
  customFields: readonly string[];
}

/** The message, with a menu that puts `{{name}}`, `{{firstName}}`, `{{number}}` or a custom field at the caret. */
export function MessageField({ control, customFields }: MessageFieldProps) {
  const { t } = useTranslation();
  const { field, fieldState, formState } = useController({ control, name: "body" });
  const input = useRef<HTMLTextAreaElement | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  // The contract form's rule (lib/form showsError): red once left or submitted.
  const invalid = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);

  function insert(variable: string): void {
    setMenuAnchor(null);
    const element = input.current;
    const { text, caret } = insertAt(field.value, variableToken(variable), element?.selectionStart ?? null, element?.selectionEnd ?? null);
    field.onChange(text);
    // Back to the text, the caret after what was put in, once React has written the new value.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  }

  return (
    <Box>
      <TextField
        label={t("campaigns.form.body")}
        required
        fullWidth
        multiline
        minRows={4}
        maxRows={14}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        name={field.name}
        inputRef={(element: HTMLTextAreaElement | null) => {
          input.current = element;
          field.ref(element);
        }}
        error={invalid}
        helperText={invalid ? t("campaigns.form.bodyRequired") : t("campaigns.form.bodyHint", { length: field.value.length, max: limits.campaignBodyMax })}
        slotProps={{ htmlInput: { maxLength: limits.campaignBodyMax } }}
      />
      <Button size="small" startIcon={<DataObjectIcon />} onClick={(event) => setMenuAnchor(event.currentTarget)} aria-haspopup="menu" sx={{ mt: 0.5 }}>
        {t("campaigns.form.insertVariable")}
      </Button>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        {contactVariables.map((variable) => (
          <MenuItem key={variable} onClick={() => insert(variable)}>
            {t(`campaigns.variables.${variable}`)} · {variableToken(variable)}
          </MenuItem>
        ))}
        {customFields.length > 0 && <ListSubheader>{t("campaigns.variables.custom")}</ListSubheader>}
        {customFields.map((name) => (
          <MenuItem key={name} onClick={() => insert(name)}>
            {variableToken(name)}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
