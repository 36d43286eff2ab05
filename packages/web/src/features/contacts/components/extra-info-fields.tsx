import { limits } from "@atendo/contracts";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { textFieldProps } from "../../../lib/form";
import type { ContactFormInput, ContactFormValues } from "./contact-form.schema";

/** The contact's extra name/value pairs: add and remove rows. */
export function ExtraInfoFields({ form }: { form: UseFormReturn<ContactFormInput, unknown, ContactFormValues> }) {
  const { t } = useTranslation();
  const { control, register, formState } = form;
  // `keyName` keeps RHF's row key apart from the pair's own `id`, which the update must carry.
  const { fields, append, remove } = useFieldArray({ control, name: "extraInfo", keyName: "key" });
  const errors = formState.errors.extraInfo;
  const { maxItems, nameMax, valueMax } = limits.contactExtraInfo;

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t("contacts.extraInfo")}
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t("contacts.noExtraInfo")}
        </Typography>
      )}
      {fields.map((field, index) => (
        <Box
          key={field.key}
          role="group"
          aria-label={t("contacts.extraInfoRow", { number: index + 1 })}
          sx={{ display: "flex", gap: 1, alignItems: "flex-start", mb: 1.5, flexWrap: { xs: "wrap", sm: "nowrap" } }}
        >
          <TextField
            size="small"
            label={t("contacts.extraName")}
            required
            error={Boolean(errors?.[index]?.name)}
            helperText={errors?.[index]?.name ? t("validation.length", { min: 1, max: nameMax }) : undefined}
            slotProps={{ htmlInput: { maxLength: nameMax } }}
            sx={{ flex: { xs: "1 1 100%", sm: "0 1 38%" } }}
            {...textFieldProps(register(`extraInfo.${index}.name`))}
          />
          <TextField
            size="small"
            label={t("contacts.extraValue")}
            error={Boolean(errors?.[index]?.value)}
            slotProps={{ htmlInput: { maxLength: valueMax } }}
            sx={{ flex: 1 }}
            {...textFieldProps(register(`extraInfo.${index}.value`))}
          />
          <Tooltip title={t("contacts.removeExtra", { number: index + 1 })}>
            <IconButton
              aria-label={t("contacts.removeExtra", { number: index + 1 })}
              onClick={() => remove(index)}
              sx={{ mt: 0.25 }}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        </Box>
      ))}
      <Button
        size="small"
        startIcon={<AddIcon />}
        disabled={fields.length >= maxItems}
        onClick={() => append({ name: "", value: "" }, { shouldFocus: true })}
      >
        {t("contacts.addExtra")}
      </Button>
    </Box>
  );
}
