import { limits, type Ura } from "@atendo/contracts";
import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Typography from "@mui/material/Typography";
import { Controller, useFieldArray } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { EntityFormPage, type EntityFieldsOf } from "../../../components/entity-form-page";
import { FormTextField } from "../../../components/form-text-field";
import { urasEntity } from "../api/uras.queries";
import { emptyRow, uraBody, uraFormDefaults, uraFormSchema } from "./ura-form.schema";
import { UraRowFields } from "./ura-row-fields";

/** /URA/new and /URA/edit/:id: saving returns to the list with a toast (spec §8). */
export function UraFormPage() {
  return <EntityFormPage entity={urasEntity} schema={uraFormSchema} defaults={uraFormDefaults} toBody={uraBody} Fields={UraFields} />;
}

/** Name, direct dial, description and the menu's options (spec §2, §5). */
function UraFields({ form, nameField }: EntityFieldsOf<Ura, typeof uraFormSchema>) {
  const { t } = useTranslation();
  const { control } = form;
  const rows = useFieldArray({ control, name: "rows" });
  return (
    <>
      {nameField}
      <Controller
        control={control}
        name="directDial"
        render={({ field }) => (
          <div>
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} inputRef={field.ref} />}
              label={t("uras.directDial")}
            />
            <FormHelperText sx={{ mt: 0 }}>{t("uras.directDialHint")}</FormHelperText>
          </div>
        )}
      />
      <FormTextField
        form={form}
        name="description"
        label={t("uras.description")}
        required
        multiline
        minRows={3}
        maxRows={10}
        helperText={t("uras.descriptionHint")}
        errorText={t("uras.descriptionRequired")}
        slotProps={{ htmlInput: { maxLength: limits.uraDescriptionMax } }}
      />
      <div>
        <Typography variant="h3" component="h2">
          {t("uras.options")}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t("uras.optionsHint")}
        </Typography>
      </div>
      {rows.fields.map((row, index) => (
        <UraRowFields key={row.id} form={form} index={index} canRemove={rows.fields.length > 1} onRemove={() => rows.remove(index)} />
      ))}
      <Button
        startIcon={<AddIcon />}
        onClick={() => rows.append(emptyRow())}
        disabled={rows.fields.length >= limits.uraItemsMax}
        sx={{ alignSelf: "flex-start" }}
      >
        {t("uras.addOption")}
      </Button>
    </>
  );
}
