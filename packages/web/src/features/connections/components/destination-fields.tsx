import type { DestinationKind } from "@atendo/contracts";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import { useWatch, type Control, type UseFormSetValue } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormSelectField } from "../../../components/form-select-field";
import { useDestinationItems, useDestinationTypes } from "../hooks/use-connections";
import type { ConnectionFormInput } from "./connection-form.schema";

interface DestinationFieldsProps {
  control: Control<ConnectionFormInput>;
  setValue: UseFormSetValue<ConnectionFormInput>;
  typeError: boolean;
  itemError: boolean;
}

/** Destination type (kinds not handled yet are shown disabled), then the item of that type. */
export function DestinationFields({ control, setValue, typeError, itemError }: DestinationFieldsProps) {
  const { t } = useTranslation();
  const types = useDestinationTypes();
  const type = useWatch({ control, name: "destinationType" }) as DestinationKind | "";
  const items = useDestinationItems(type);
  const itemList = items.data ?? [];

  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
      <FormSelectField
        control={control}
        name="destinationType"
        label={t("connections.destinationType")}
        required
        fullWidth
        onChanged={() => setValue("destinationItem", "")}
        error={typeError}
        helperText={typeError ? t("connections.destinationTypeRequired") : types.error ? t("connections.destinationsUnavailable") : t("connections.destinationHint")}
      >
        {(types.data ?? []).map((item) => (
          <MenuItem key={item.id} value={item.id} disabled={!item.available}>
            <ListItemText
              primary={t(`connections.destinations.${item.id}`)}
              secondary={item.available ? undefined : t("connections.comingSoon")}
              sx={{ my: 0 }}
            />
          </MenuItem>
        ))}
      </FormSelectField>
      <FormSelectField
        control={control}
        name="destinationItem"
        label={t("connections.destinationItem")}
        required
        fullWidth
        disabled={type === ""}
        // Keeps the saved choice visible until its list arrives.
        format={(value) => (itemList.some((item) => String(item.id) === value) ? value : "")}
        error={itemError}
        helperText={
          itemError
            ? t("connections.destinationItemRequired")
            : items.data && itemList.length === 0
              ? t("connections.noDestinationItems")
              : t("connections.destinationItemHint")
        }
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
