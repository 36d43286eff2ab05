import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import { Controller } from "react-hook-form";
import type { ConnectionFormControl } from "./connection-form.schema";

/** A boolean field of the connection form as a labelled switch. */
export function SwitchField({ control, name, label }: { control: ConnectionFormControl; name: "canCloseTicketByMessage" | "ignoreGroups"; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} inputRef={field.ref} />}
          label={label}
        />
      )}
    />
  );
}
