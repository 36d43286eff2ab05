import Alert from "@mui/material/Alert";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import { Controller } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import type { ConnectionFormControl } from "./connection-form.schema";

interface DefaultFieldProps {
  control: ConnectionFormControl;
  /** Why the switch is locked on: the first connection, or the default itself (spec §5). */
  locked: "first" | "current" | null;
  /** The default today, when it is another connection. */
  currentDefaultName: string | null;
}

/** The default switch; turning it on for another connection warns that the default moves. */
export function DefaultField({ control, locked, currentDefaultName }: DefaultFieldProps) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="isDefault"
      render={({ field }) => (
        <Stack spacing={1}>
          <div>
            <FormControlLabel
              control={
                <Switch
                  checked={locked !== null || field.value}
                  disabled={locked !== null}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                />
              }
              label={t("connections.default")}
            />
            {locked && <FormHelperText>{t(locked === "first" ? "connections.defaultFirst" : "connections.defaultLocked")}</FormHelperText>}
          </div>
          {!locked && field.value && currentDefaultName && (
            <Alert severity="warning">{t("connections.defaultWarning", { name: currentDefaultName })}</Alert>
          )}
        </Stack>
      )}
    />
  );
}
