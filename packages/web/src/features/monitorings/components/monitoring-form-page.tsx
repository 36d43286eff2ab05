import { monitoringStatuses, type Monitoring } from "@atendo/contracts";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import { useWatch } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { EntityFormPage, type EntityFieldsOf } from "../../../components/entity-form-page";
import { FormSelectField } from "../../../components/form-select-field";
import { monitoringsEntity } from "../api/monitorings.queries";
import { monitoringBody, monitoringFormDefaults, monitoringFormSchema } from "./monitoring-form.schema";
import { OwnerQueueFields } from "./owner-queue-fields";

/** /monitoring/new and /monitoring/edit/:id: saving returns to the list with a toast (spec §8). */
export function MonitoringFormPage() {
  return <EntityFormPage entity={monitoringsEntity} schema={monitoringFormSchema} defaults={monitoringFormDefaults} toBody={monitoringBody} Fields={MonitoringFields} />;
}

/** Name, status, owner and queue of a monitoring (spec §2, §5). */
function MonitoringFields({ form, nameField }: EntityFieldsOf<Monitoring, typeof monitoringFormSchema>) {
  const { t } = useTranslation();
  const { control } = form;
  const status = useWatch({ control, name: "status" });
  return (
    <>
      {nameField}
      <FormSelectField
        control={control}
        name="status"
        label={t("monitorings.status")}
        required
        helperText={t(`monitorings.statusHints.${status}`)}
        slotProps={{ select: { renderValue: (value) => t(`monitorings.statuses.${String(value)}`) } }}
      >
        {monitoringStatuses.map((status) => (
          <MenuItem key={status} value={status}>
            <ListItemText primary={t(`monitorings.statuses.${status}`)} secondary={t(`monitorings.statusHints.${status}`)} sx={{ my: 0 }} />
          </MenuItem>
        ))}
      </FormSelectField>
      <OwnerQueueFields control={control} />
    </>
  );
}
