import type { AutomationDryRun } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { formatDateTime } from "../../../lib/date-format";
import { useTranslation } from "../../../lib/i18n";
import type { AutomationPickers } from "../hooks/use-automation-pickers";
import { describeAction } from "./describe-action";

/** What the rule would have done on each of the last events of its trigger (nothing was done). */
export function DryRunResult({ run, pickers }: { run: AutomationDryRun; pickers: AutomationPickers }) {
  const { t } = useTranslation();
  const matched = run.items.filter((item) => item.matched).length;
  return (
    <Box component="section" aria-label={t("automations.dryRunTitle")} sx={{ mt: 2 }}>
      <Typography variant="subtitle1">{t("automations.dryRunSummary", { matched, total: run.items.length })}</Typography>
      {run.items.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t("automations.ticket")}</TableCell>
              <TableCell>{t("automations.at")}</TableCell>
              <TableCell>{t("automations.event")}</TableCell>
              <TableCell>{t("automations.wouldDo")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {run.items.map((item, i) => (
              <TableRow key={i} sx={{ opacity: item.matched ? 1 : 0.6 }}>
                <TableCell>#{item.ticketId}</TableCell>
                <TableCell>{formatDateTime(item.at)}</TableCell>
                <TableCell sx={{ maxWidth: 240, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{item.text ?? t(`automations.triggers.${run.trigger}`)}</TableCell>
                <TableCell>{item.matched ? item.actions.map((action) => describeAction(action, pickers, t)).join(" → ") : t("automations.noMatch")}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
