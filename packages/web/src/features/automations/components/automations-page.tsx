import type { AutomationBody, AutomationRule } from "@atendo/contracts";
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import DeleteIcon from "@mui/icons-material/DeleteOutline";
import EditIcon from "@mui/icons-material/Edit";
import HistoryIcon from "@mui/icons-material/History";
import IconButton from "@mui/material/IconButton";
import Switch from "@mui/material/Switch";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { AddButton } from "../../../components/add-button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListPage } from "../../../components/list-page";
import { useTranslation } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { automationsApi } from "../api/automations.api";
import { automationsKey, automationsQueryOptions } from "../api/automations.queries";
import { AutomationRunsDialog } from "./automation-runs-dialog";

function bodyOf(rule: AutomationRule, patch: Partial<AutomationBody>): AutomationBody {
  const { name, enabled, trigger, idleMinutes, conditions, actions } = rule;
  return { name, enabled, trigger, idleMinutes, conditions, actions, ...patch };
}

/** /automations (admins): the rules in the order they run, each switched on or off, moved up or down, its log and form a click away. */
export function AutomationsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useQuery(automationsQueryOptions());
  const [runsOf, setRunsOf] = useState<AutomationRule | null>(null);
  const [deleting, setDeleting] = useState<AutomationRule | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: automationsKey });
  const save = useMutation({ mutationFn: ({ rule, patch }: { rule: AutomationRule; patch: Partial<AutomationBody> }) => automationsApi.update(rule.id, bodyOf(rule, patch)), onSettled: refresh });
  const remove = useMutation({ mutationFn: (id: number) => automationsApi.remove(id), onSettled: refresh });

  return (
    <ListPage
      title={t("pages.automations")}
      actions={<AddButton label={t("automations.add")} to={paths.newAutomation} />}
      query={list}
      isEmpty={list.data?.length === 0}
      emptyText={t("automations.empty")}
      table={(rules) => (
        <Table size="small" aria-label={t("pages.automations")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("automations.order")}</TableCell>
              <TableCell>{t("automations.name")}</TableCell>
              <TableCell>{t("automations.trigger")}</TableCell>
              <TableCell>{t("automations.enabled")}</TableCell>
              <TableCell align="right">{t("common.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rules.map((rule, i) => (
              <TableRow key={rule.id}>
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  <IconButton size="small" aria-label={t("automations.moveUp", { name: rule.name })} disabled={i === 0} onClick={() => save.mutate({ rule, patch: { position: i - 1 } })}>
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={t("automations.moveDown", { name: rule.name })} disabled={i === rules.length - 1} onClick={() => save.mutate({ rule, patch: { position: i + 1 } })}>
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </TableCell>
                <TableCell>{rule.name}</TableCell>
                <TableCell>{t(`automations.triggers.${rule.trigger}`)}</TableCell>
                <TableCell>
                  <Switch
                    checked={rule.enabled}
                    slotProps={{ input: { "aria-label": t("automations.enabledOf", { name: rule.name }) } }}
                    onChange={(event) => save.mutate({ rule, patch: { enabled: event.target.checked } })}
                  />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  <IconButton aria-label={t("automations.runs", { name: rule.name })} onClick={() => setRunsOf(rule)}>
                    <HistoryIcon />
                  </IconButton>
                  <IconButton aria-label={t("automations.edit", { name: rule.name })} component={Link} to={paths.editAutomation.href(rule.id)}>
                    <EditIcon />
                  </IconButton>
                  <IconButton aria-label={t("automations.delete", { name: rule.name })} onClick={() => setDeleting(rule)}>
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    >
      {runsOf && <AutomationRunsDialog rule={runsOf} onClose={() => setRunsOf(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t("automations.deleteTitle")}
        message={t("automations.deleteText", { name: deleting?.name ?? "" })}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </ListPage>
  );
}
