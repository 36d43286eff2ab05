import type { AutomationRule } from "@atendo/contracts";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import DialogContent from "@mui/material/DialogContent";
import { QueryState } from "../../../components/query-state";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { formatDateTime } from "../../../lib/date-format";
import { useTranslation } from "../../../lib/i18n";
import { automationRunsQueryOptions } from "../api/automations.queries";

/** A rule's run log: its last 100 runs whose conditions held (event, ticket, result, error, when). */
export function AutomationRunsDialog({ rule, onClose }: { rule: AutomationRule; onClose: () => void }) {
  const { t } = useTranslation();
  const runs = useQuery(automationRunsQueryOptions(rule.id));
  return (
    <ResponsiveDialog open onClose={onClose} title={t("automations.runsTitle", { name: rule.name })} maxWidth="sm">
      <DialogContent>
        <QueryState isPending={runs.isPending} error={runs.error} onRetry={() => void runs.refetch()} />
        {runs.data?.length === 0 && <Typography color="text.secondary">{t("automations.noRuns")}</Typography>}
        {runs.data && runs.data.length > 0 && (
          <Table size="small" aria-label={t("automations.runsTitle", { name: rule.name })}>
            <TableHead>
              <TableRow>
                <TableCell>{t("automations.at")}</TableCell>
                <TableCell>{t("automations.event")}</TableCell>
                <TableCell>{t("automations.ticket")}</TableCell>
                <TableCell>{t("automations.result")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {runs.data.map((run) => (
                <TableRow key={run.id}>
                  <TableCell>{formatDateTime(run.at)}</TableCell>
                  <TableCell>{t(`automations.triggers.${run.trigger}`)}</TableCell>
                  <TableCell>{run.ticketId === null ? "—" : `#${run.ticketId}`}</TableCell>
                  <TableCell>
                    {t(`automations.results.${run.result}`)}
                    {run.error && (
                      <Typography variant="caption" color="error" display="block">
                        {run.error}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
    </ResponsiveDialog>
  );
}
