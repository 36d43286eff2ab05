import { automationActionTypes, type AutomationAction, type AutomationActionType } from "@atendo/contracts";
import DeleteIcon from "@mui/icons-material/DeleteOutline";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import { useTranslation } from "../../../lib/i18n";
import type { AutomationPickers } from "../hooks/use-automation-pickers";
import { PickField } from "./pick-field";

/** A new action of this type, its target not chosen yet. */
export function blankAction(type: AutomationActionType): AutomationAction {
  switch (type) {
    case "assignQueue":
      return { type, queueId: 0 };
    case "assignUser":
      return { type, userId: 0 };
    case "addTag":
    case "removeTag":
      return { type, tagId: 0 };
    case "sendQuickAnswer":
      return { type, quickAnswerId: 0 };
    case "sendMessage":
    case "addNote":
      return { type, body: "" };
    case "webhook":
      return { type, url: "" };
    case "close":
      return { type };
  }
}

interface ActionRowProps {
  n: number;
  action: AutomationAction;
  pickers: AutomationPickers;
  onChange: (action: AutomationAction) => void;
  onRemove: () => void;
}

/** One "then" of a rule: the action and what it acts with. */
export function ActionRow({ n, action, pickers, onChange, onRemove }: ActionRowProps) {
  const { t } = useTranslation();
  const label = t("automations.target", { n });
  const target = () => {
    switch (action.type) {
      case "assignQueue":
        return <PickField label={label} value={action.queueId || null} options={pickers.queues} onChange={(id) => onChange({ ...action, queueId: Number(id) })} />;
      case "assignUser":
        return <PickField label={label} value={action.userId || null} options={pickers.users} onChange={(id) => onChange({ ...action, userId: Number(id) })} />;
      case "addTag":
      case "removeTag":
        return <PickField label={label} value={action.tagId || null} options={pickers.tags} onChange={(id) => onChange({ ...action, tagId: Number(id) })} />;
      case "sendQuickAnswer":
        return <PickField label={label} value={action.quickAnswerId || null} options={pickers.quickAnswers} onChange={(id) => onChange({ ...action, quickAnswerId: Number(id) })} />;
      case "sendMessage":
      case "addNote":
        return <TextField size="small" multiline label={label} value={action.body} onChange={(event) => onChange({ ...action, body: event.target.value })} sx={{ flex: 1, minWidth: 220 }} />;
      case "webhook":
        return <TextField size="small" label={label} placeholder="https://" value={action.url} onChange={(event) => onChange({ ...action, url: event.target.value })} sx={{ flex: 1, minWidth: 220 }} />;
      case "close":
        return null;
    }
  };
  return (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
      <PickField
        label={t("automations.action", { n })}
        value={action.type}
        options={automationActionTypes.map((type) => ({ value: type, label: t(`automations.actions.${type}`) }))}
        minWidth={200}
        onChange={(type) => onChange(blankAction(type as AutomationActionType))}
      />
      {target()}
      <IconButton aria-label={t("automations.removeAction", { n })} onClick={onRemove}>
        <DeleteIcon />
      </IconButton>
    </Box>
  );
}
