import { createMonitoringBody, monitoringStatuses, type Monitoring } from "@atendo/contracts";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import { useWatch } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { entityForm, nameField, type EntityField, type EntityFieldProps } from "../../../components/entity-fields";
import { EntityFormPage } from "../../../components/entity-form-page";
import { FormSelectField } from "../../../components/form-select-field";
import { monitoringsEntity } from "../api/monitorings.queries";
import { ownerQueueField } from "./owner-queue-fields";

const statusShape = { status: createMonitoringBody.shape.status };

/** Open or recorded, each status with what it does. */
function StatusField({ form: { control } }: EntityFieldProps<Monitoring, typeof statusShape>) {
  const { t } = useTranslation();
  const status = useWatch({ control, name: "status" });
  return (
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
  );
}

const statusField: EntityField<Monitoring, typeof statusShape> = {
  shape: statusShape,
  initial: (monitoring) => ({ status: monitoring?.status ?? "open" }),
  Field: StatusField,
};

/** Name, status, owner and queue of a monitoring (spec §2, §5); the owner is sent by id. */
const form = entityForm([nameField(createMonitoringBody.shape.name), statusField, ownerQueueField], {
  toBody: ({ user, ...values }) => ({ ...values, userId: user.id }),
});

/** /monitoring/new and /monitoring/edit/:id: saving returns to the list with a toast (spec §8). */
export function MonitoringFormPage() {
  return <EntityFormPage entity={monitoringsEntity} {...form} />;
}
