import type { DestinationKind } from "@atendo/contracts";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Stack, { type StackProps } from "@mui/material/Stack";
import { useWatch, type FieldPath, type FieldValues, type PathValue, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "../lib/i18n";
import { useDestinationItems, useDestinationTypes } from "../lib/destinations";
import { showsError } from "../lib/form";
import { FormSelectField } from "./form-select-field";

interface DestinationFieldsProps<T extends FieldValues, TOut> {
  form: Pick<UseFormReturn<T, unknown, TOut>, "control" | "setValue" | "getFieldState" | "formState">;
  /** The form's string fields holding the kind and the item's id ("" = none chosen). */
  typeName: FieldPath<T>;
  itemName: FieldPath<T>;
  /** The record being edited, left out of its own kind's items (an announcement cannot lead to itself). */
  self?: { type: DestinationKind; id: number };
  /**
   * Repeated rows of a menu: no hints unless something is wrong, short error texts, and one
   * helper line always kept, so an error coming or going never moves what is below the row.
   */
  dense?: boolean;
  direction?: StackProps["direction"];
}

/**
 * Where a conversation goes next (connection, menu row, announcement): the destination type, then
 * the item of that type; choosing another type clears the item.
 */
export function DestinationFields<T extends FieldValues, TOut>(props: DestinationFieldsProps<T, TOut>) {
  const { form, typeName, itemName, self, dense, direction = { xs: "column", sm: "row" } } = props;
  const { control, setValue } = form;
  const typeError = showsError(form, typeName);
  const itemError = showsError(form, itemName);
  const { t } = useTranslation();
  const types = useDestinationTypes();
  const type = useWatch({ control, name: typeName }) as DestinationKind | "";
  const items = useDestinationItems(type);
  const itemList = (items.data ?? []).filter((item) => !(self && self.type === type && self.id === item.id));
  // " " keeps an empty helper line (MUI renders a zero-width space).
  const typeHint = types.error ? t("destinations.unavailable") : dense ? " " : t("destinations.typeHint");
  const itemHint = items.data && itemList.length === 0 ? t("destinations.noItems") : dense ? " " : t("destinations.itemHint");

  return (
    <Stack direction={direction} spacing={2} sx={{ flex: 1, minWidth: 0 }}>
      <FormSelectField
        control={control}
        name={typeName}
        label={t("destinations.type")}
        required
        fullWidth
        onChanged={() => setValue(itemName, "" as PathValue<T, FieldPath<T>>, { shouldValidate: false })}
        error={typeError}
        helperText={typeError ? t(dense ? "destinations.typeRequiredShort" : "destinations.typeRequired") : typeHint}
      >
        {(types.data ?? []).map((item) => (
          <MenuItem key={item.id} value={item.id} disabled={!item.available}>
            <ListItemText
              primary={t(`destinations.kinds.${item.id}`)}
              secondary={item.available ? undefined : t("destinations.notAvailable")}
              sx={{ my: 0 }}
            />
          </MenuItem>
        ))}
      </FormSelectField>
      <FormSelectField
        control={control}
        name={itemName}
        label={t("destinations.item")}
        required
        fullWidth
        disabled={type === ""}
        // An id not (yet) in the list shows as none: MUI warns about a value it has no option for.
        format={(value) => (itemList.some((item) => String(item.id) === value) ? value : "")}
        error={itemError}
        helperText={itemError ? t("destinations.itemRequired") : itemHint}
      >
        {itemList.map((item) => (
          <MenuItem key={item.id} value={String(item.id)}>
            {item.name}
          </MenuItem>
        ))}
      </FormSelectField>
    </Stack>
  );
}
