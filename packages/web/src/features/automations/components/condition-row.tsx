import { automationConditionFields, type AutomationCondition, type AutomationConditionField } from "@atendo/contracts";
import DeleteIcon from "@mui/icons-material/DeleteOutline";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import { useTranslation } from "../../../lib/i18n";
import type { AutomationPickers, PickerOption } from "../hooks/use-automation-pickers";
import { PickField } from "./pick-field";

/** A new condition of this field, with its first operator and an empty value. */
export function blankCondition(field: AutomationConditionField): AutomationCondition {
  switch (field) {
    case "text":
      return { field, op: "contains", value: "" };
    case "channelKind":
      return { field, op: "is", value: "whatsapp" };
    case "withinHours":
      return { field, op: "is", value: true };
    case "weekday":
      return { field, op: "is", value: 1 };
    default:
      return { field, op: "is", value: 0 };
  }
}

interface ConditionRowProps {
  n: number;
  condition: AutomationCondition;
  pickers: AutomationPickers;
  onChange: (condition: AutomationCondition) => void;
  onRemove: () => void;
}

/** One "if" of a rule: field, operator, value (a picker for ids, a text, yes/no or a day). */
export function ConditionRow({ n, condition, pickers, onChange, onRemove }: ConditionRowProps) {
  const { t } = useTranslation();
  const ops = condition.field === "text" ? (["is", "isNot", "contains", "matches"] as const) : (["is", "isNot"] as const);
  const idOptions: Record<string, PickerOption[]> = { queueId: pickers.queues, connectionId: pickers.connections, contactTagId: pickers.tags };
  const value = () => {
    const label = t("automations.value", { n });
    switch (condition.field) {
      case "text":
        return (
          <TextField
            size="small"
            label={label}
            value={condition.value}
            helperText={condition.op === "matches" ? t("automations.patternHelp") : undefined}
            onChange={(event) => onChange({ ...condition, value: event.target.value })}
            sx={{ flex: 1, minWidth: 180 }}
          />
        );
      case "channelKind":
        return <PickField label={label} value={condition.value} options={pickers.channelKinds} onChange={(value) => onChange({ ...condition, value: value as typeof condition.value })} />;
      case "withinHours":
        return (
          <PickField
            label={label}
            value={String(condition.value)}
            options={[
              { value: "true", label: t("automations.yes") },
              { value: "false", label: t("automations.no") },
            ]}
            onChange={(value) => onChange({ ...condition, value: value === "true" })}
          />
        );
      case "weekday":
        return (
          <PickField
            label={label}
            value={condition.value}
            options={[0, 1, 2, 3, 4, 5, 6].map((day) => ({ value: day, label: t(`automations.weekdays.${day}`) }))}
            onChange={(value) => onChange({ ...condition, value: Number(value) })}
          />
        );
      default:
        return <PickField label={label} value={condition.value || null} options={idOptions[condition.field] ?? []} onChange={(value) => onChange({ ...condition, value: Number(value) })} />;
    }
  };
  return (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
      <PickField
        label={t("automations.field", { n })}
        value={condition.field}
        options={automationConditionFields.map((field) => ({ value: field, label: t(`automations.fields.${field}`) }))}
        onChange={(field) => onChange(blankCondition(field as AutomationConditionField))}
      />
      <PickField
        label={t("automations.op", { n })}
        value={condition.op}
        options={ops.map((op) => ({ value: op, label: t(`automations.ops.${op}`) }))}
        minWidth={120}
        onChange={(op) => onChange({ ...condition, op } as AutomationCondition)}
      />
      {value()}
      <IconButton aria-label={t("automations.removeCondition", { n })} onClick={onRemove}>
        <DeleteIcon />
      </IconButton>
    </Box>
  );
}
