import { limits, type Ura } from "@atendo/contracts";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useFieldArray } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { DestinationFields } from "../../../components/destination-fields";
import type { EntityField, EntityFieldProps } from "../../../components/entity-fields";
import { FormTextField } from "../../../components/form-text-field";
import { emptyRow, uraRowsOf, uraRowsShape } from "./ura-rows";

type UraRowsProps = EntityFieldProps<Ura, typeof uraRowsShape>;

/** The menu's options: a heading, a row each, and the button that adds one (spec §2, §5). */
function UraRows({ form }: UraRowsProps) {
  const { t } = useTranslation();
  const rows = useFieldArray({ control: form.control, name: "rows" });
  return (
    <>
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

export const uraRowsField: EntityField<Ura, typeof uraRowsShape> = { shape: uraRowsShape, initial: (ura) => ({ rows: uraRowsOf(ura) }), Field: UraRows };

interface UraRowFieldsProps {
  form: UraRowsProps["form"];
  index: number;
  /** The menu's only row cannot be removed (spec §2). */
  canRemove: boolean;
  onRemove: () => void;
}

/**
 * One option of the menu: selector (what the customer types), menu name, destination type and
 * item, and remove. One line on wide screens; on narrow ones a bordered block of stacked fields.
 * Every field keeps one helper line, empty until its short error: an error coming (on leaving a
 * field) or going never moves the rows and the "Add option" button below, which would make a
 * click started on them land on nothing.
 */
function UraRowFields({ form, index, canRemove, onRemove }: UraRowFieldsProps) {
  const { t } = useTranslation();
  const errors = form.formState.errors.rows?.[index];
  const number = index + 1;
  // The input takes at most uraSelectorMax characters: an invalid selector is empty or taken.
  const selectorError = errors?.selector?.message === "duplicate" ? t("uras.selectorTaken") : t("uras.selectorRequired");
  return (
    <Box
      role="group"
      aria-label={t("uras.option", { number })}
      sx={{
        display: "grid",
        gap: 2,
        alignItems: "start",
        gridTemplateColumns: { xs: "104px minmax(0, 1fr) auto", md: "104px minmax(0, 1fr) minmax(0, 2fr) auto" },
        p: { xs: 1.5, md: 0 },
        // Per breakpoint like `border`, or the border shorthand's media query resets the colour.
        border: { xs: 1, md: 0 },
        borderColor: { xs: "divider" },
        borderRadius: 1,
      }}
    >
      <FormTextField
        form={form}
        name={`rows.${index}.selector`}
        label={t("uras.selector")}
        required
        helperText=" "
        errorText={selectorError}
        slotProps={{ htmlInput: { maxLength: limits.uraSelectorMax, style: { textAlign: "center" } } }}
      />
      <FormTextField
        form={form}
        name={`rows.${index}.menuName`}
        label={t("uras.menuName")}
        required
        helperText=" "
        errorText={t("uras.menuNameRequired")}
        slotProps={{ htmlInput: { maxLength: limits.uraMenuNameMax } }}
      />
      <Box sx={{ gridColumn: { xs: "1 / -1", md: "3" }, gridRow: { xs: 2, md: 1 }, display: "flex", minWidth: 0 }}>
        <DestinationFields form={form} typeName={`rows.${index}.destinationType`} itemName={`rows.${index}.destinationTypeId`} dense />
      </Box>
      <Tooltip title={canRemove ? t("uras.removeOption", { number }) : t("uras.lastOption")}>
        {/* The span keeps the tooltip on a disabled button. */}
        <Box component="span" sx={{ gridColumn: { xs: 3, md: 4 }, gridRow: 1, pt: 1 }}>
          <IconButton aria-label={t("uras.removeOption", { number })} onClick={onRemove} disabled={!canRemove} sx={{ color: "error.main" }}>
            <DeleteOutlineIcon />
          </IconButton>
        </Box>
      </Tooltip>
    </Box>
  );
}
