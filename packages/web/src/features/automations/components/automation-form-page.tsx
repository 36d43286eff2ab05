import { automationLimits, automationTriggers, limits, type AutomationBody, type AutomationDryRun, type AutomationRule, type AutomationTrigger } from "@atendo/contracts";
import AddIcon from "@mui/icons-material/Add";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CardContent from "@mui/material/CardContent";
import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { FormPage } from "../../../components/form-page";
import { useTranslation } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { automationsApi, dryRunAutomation } from "../api/automations.api";
import { automationQueryOptions, automationsKey } from "../api/automations.queries";
import { useAutomationPickers } from "../hooks/use-automation-pickers";
import { ActionRow, blankAction } from "./action-row";
import { blankCondition, ConditionRow } from "./condition-row";
import { DryRunResult } from "./dry-run-result";
import { PickField } from "./pick-field";

const newRule: AutomationBody = { name: "", enabled: true, trigger: "messageReceived", idleMinutes: null, conditions: [], actions: [{ type: "addTag", tagId: 0 }] };

function bodyOf(rule: AutomationRule): AutomationBody {
  const { name, enabled, trigger, idleMinutes, conditions, actions } = rule;
  return { name, enabled, trigger, idleMinutes, conditions, actions };
}

/** The rule builder: when (trigger), if (all conditions), then (actions in order); a dry run shows what it would have done. */
function AutomationForm({ initial, id }: { initial: AutomationBody; id: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const pickers = useAutomationPickers();
  const [rule, setRule] = useState(initial);
  const [dryRun, setDryRun] = useState<AutomationDryRun | null>(null);
  const body: AutomationBody = { ...rule, idleMinutes: rule.trigger === "ticketIdle" ? rule.idleMinutes : null };
  const save = useMutation({
    mutationFn: () => (id === null ? automationsApi.create(body) : automationsApi.update(id, body)),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: automationsKey });
      toast.success(t("automations.saved"));
      void navigate(paths.automations);
    },
  });
  const tryIt = useMutation({ mutationFn: () => dryRunAutomation(body), onSuccess: setDryRun });
  const conditions = rule.conditions ?? [];
  const set = (patch: Partial<AutomationBody>) => setRule((current) => ({ ...current, ...patch }));

  return (
    <CardContent sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}>
        <TextField
          label={t("automations.name")}
          value={rule.name}
          onChange={(event) => set({ name: event.target.value })}
          slotProps={{ htmlInput: { maxLength: limits.name.max } }}
          sx={{ flex: 1, minWidth: 220 }}
        />
        <FormControlLabel control={<Switch checked={rule.enabled ?? true} onChange={(event) => set({ enabled: event.target.checked })} />} label={t("automations.enabled")} />
      </Box>
      <Typography variant="subtitle2">{t("automations.when")}</Typography>
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
        <PickField
          label={t("automations.trigger")}
          value={rule.trigger}
          minWidth={240}
          options={automationTriggers.map((trigger) => ({ value: trigger, label: t(`automations.triggers.${trigger}`) }))}
          onChange={(trigger) => set({ trigger: trigger as AutomationTrigger, idleMinutes: trigger === "ticketIdle" ? (rule.idleMinutes ?? 30) : null })}
        />
        {rule.trigger === "ticketIdle" && (
          <TextField
            type="number"
            size="small"
            label={t("automations.idleMinutes")}
            value={rule.idleMinutes ?? ""}
            onChange={(event) => set({ idleMinutes: event.target.value === "" ? null : Number(event.target.value) })}
            slotProps={{ htmlInput: { min: automationLimits.idleMinutes.min, max: automationLimits.idleMinutes.max } }}
          />
        )}
      </Box>
      <Typography variant="subtitle2">{t("automations.if")}</Typography>
      {conditions.length === 0 && <Typography color="text.secondary">{t("automations.always")}</Typography>}
      {conditions.map((condition, i) => (
        <ConditionRow
          key={i}
          n={i + 1}
          condition={condition}
          pickers={pickers}
          onChange={(next) => set({ conditions: conditions.map((c, j) => (j === i ? next : c)) })}
          onRemove={() => set({ conditions: conditions.filter((_, j) => j !== i) })}
        />
      ))}
      <Box>
        <Button startIcon={<AddIcon />} disabled={conditions.length >= automationLimits.conditionsMax} onClick={() => set({ conditions: [...conditions, blankCondition("text")] })}>
          {t("automations.addCondition")}
        </Button>
      </Box>
      <Typography variant="subtitle2">{t("automations.then")}</Typography>
      {rule.actions.map((action, i) => (
        <ActionRow
          key={i}
          n={i + 1}
          action={action}
          pickers={pickers}
          onChange={(next) => set({ actions: rule.actions.map((a, j) => (j === i ? next : a)) })}
          onRemove={() => set({ actions: rule.actions.filter((_, j) => j !== i) })}
        />
      ))}
      <Box>
        <Button startIcon={<AddIcon />} disabled={rule.actions.length >= automationLimits.actionsMax} onClick={() => set({ actions: [...rule.actions, blankAction("addTag")] })}>
          {t("automations.addAction")}
        </Button>
      </Box>
      <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end", flexWrap: "wrap" }}>
        <Button onClick={() => void navigate(paths.automations)}>{t("common.cancel")}</Button>
        <Button variant="outlined" disabled={tryIt.isPending} onClick={() => tryIt.mutate()}>
          {t("automations.dryRun")}
        </Button>
        <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate()}>
          {t("common.save")}
        </Button>
      </Box>
      {dryRun && <DryRunResult run={dryRun} pickers={pickers} />}
    </CardContent>
  );
}

/** /automations/new and /automations/edit/:id (admins). */
export function AutomationFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = params.id === undefined ? null : Number(params.id);
  const query = useQuery({ ...automationQueryOptions(id ?? 0), enabled: id !== null });
  const ready = id === null || query.data !== undefined;
  return (
    <FormPage title={t(id === null ? "automations.newTitle" : "automations.editTitle")} queries={id === null ? [] : [query]} ready={ready}>
      {ready && <AutomationForm id={id} initial={query.data ? bodyOf(query.data) : newRule} />}
    </FormPage>
  );
}
