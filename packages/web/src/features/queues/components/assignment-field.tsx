import { createQueueBody, queueAssignmentModes, type Queue, type QueueAssignmentMode } from "@atendo/contracts";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import { useWatch } from "react-hook-form";
import type { EntityField } from "../../../components/entity-fields";
import { FormSelectField } from "../../../components/form-select-field";
import { FormSwitchField } from "../../../components/form-switch-field";
import { useTranslation } from "../../../lib/i18n";

const shape = {
  assignment: createQueueBody.shape.assignment.unwrap(),
  returnToLastAttendant: createQueueBody.shape.returnToLastAttendant.unwrap(),
};

/**
 * How the queue's new conversations find an attendant (decision 0079): by hand, round robin or
 * least busy; with an automatic mode, whether a returning customer goes to their last attendant.
 */
export const assignmentField: EntityField<Queue, typeof shape> = {
  shape,
  initial: (queue) => ({ assignment: queue?.assignment ?? "manual", returnToLastAttendant: queue?.returnToLastAttendant ?? false }),
  Field: function AssignmentField({ form }) {
    const { t } = useTranslation();
    const mode: QueueAssignmentMode = useWatch({ control: form.control, name: "assignment" });
    return (
      <Stack spacing={1}>
        <FormSelectField control={form.control} name="assignment" label={t("assignment.mode")} helperText={t(`assignment.modeHints.${mode}`)}>
          {queueAssignmentModes.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`assignment.modes.${value}`)}
            </MenuItem>
          ))}
        </FormSelectField>
        {mode !== "manual" && (
          <FormSwitchField control={form.control} name="returnToLastAttendant" label={t("assignment.returnToLast")} hint={t("assignment.returnToLastHint")} />
        )}
      </Stack>
    );
  },
};
