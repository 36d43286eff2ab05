import type { DestinationKind } from "@atendo/contracts";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { Controller, useWatch, type Control, type UseFormSetValue } from "react-hook-form";
import { useTranslation } from "react-i18next";
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
      <Controller
        control={control}
        name="destinationType"
        render={({ field }) => (
          <TextField
            select
            label={t("connections.destinationType")}
            required
            fullWidth
            value={field.value}
            onChange={(event) => {
              field.onChange(event.target.value);
              setValue("destinationItem", "");
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
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
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="destinationItem"
        render={({ field }) => (
          <TextField
            select
            label={t("connections.destinationItem")}
            required
            fullWidth
            disabled={type === ""}
            // Keeps the saved choice visible until its list arrives.
            value={itemList.some((item) => String(item.id) === field.value) ? field.value : ""}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
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
          </TextField>
        )}
      />
    </Stack>
  );
}
