import { limits } from "@atendo/contracts";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { DestinationFields } from "../../../components/destination-fields";
import { FormTextField } from "../../../components/form-text-field";
import type { UraFormInput, UraFormValues } from "./ura-form.schema";

interface UraRowFieldsProps {
  form: UseFormReturn<UraFormInput, unknown, UraFormValues>;
  index: number;
  /** The menu's only row cannot be removed (spec §2). */
  canRemove: boolean;
  onRemove: () => void;
}

/**
 * One option of the menu: selector (what the customer types), menu name, destination type and
 * item, and remove. One line on wide screens; on narrow ones a bordered block of stacked fields.
 */
export function UraRowFields({ form, index, canRemove, onRemove }: UraRowFieldsProps) {
  const { t } = useTranslation();
  const errors = form.formState.errors.rows?.[index];
  const number = index + 1;
  const selectorError = errors?.selector?.message === "duplicate" ? t("uras.selectorTaken") : t("uras.selectorRule", { max: limits.uraSelectorMax });
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
        errorText={selectorError}
        slotProps={{ htmlInput: { maxLength: limits.uraSelectorMax, style: { textAlign: "center" } } }}
      />
      <FormTextField
        form={form}
        name={`rows.${index}.menuName`}
        label={t("uras.menuName")}
        required
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
