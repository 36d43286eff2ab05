import { createMonitoringBody, monitoringStatuses, type Monitoring } from "@atendo/contracts";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import { useWatch } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { CardForm } from "../../../components/form-card-actions";
import { FormSelectField } from "../../../components/form-select-field";
import { FormNameField, lengthOf } from "../../../components/form-text-field";
import { useContractForm } from "../../../lib/form";
import { paths } from "../../../lib/paths";
import { monitoringFormDefaults, monitoringFormSchema, type MonitoringFormValues } from "./monitoring-form.schema";
import { OwnerQueueFields } from "./owner-queue-fields";

interface MonitoringFormProps {
  monitoring?: Monitoring;
  saving: boolean;
  onSubmit: (values: MonitoringFormValues) => void;
}

/** Name, status, owner and queue of a monitoring (spec §2, §5). */
export function MonitoringForm({ monitoring, saving, onSubmit }: MonitoringFormProps) {
  const { t } = useTranslation();
  const form = useContractForm(monitoringFormSchema, monitoringFormDefaults(monitoring));
  const { handleSubmit, control } = form;
  const status = useWatch({ control, name: "status" });

  return (
    <CardForm onSubmit={handleSubmit(onSubmit)} cancelTo={paths.monitoring} saving={saving}>
      <FormNameField form={form} label={t("monitorings.name")} length={lengthOf(createMonitoringBody.shape.name)} autoFocus={!monitoring} />
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
    </CardForm>
  );
}
