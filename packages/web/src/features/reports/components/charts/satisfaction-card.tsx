import { limits, type ReportCharts } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { visuallyHidden } from "../../../../components/visually-hidden";
import { useTranslation } from "../../../../lib/i18n";
import { ChartCard } from "./chart-card";
import { ChoiceButtons } from "./choice-buttons";

type Grouping = "byUser" | "byQueue";

const scores = Array.from({ length: limits.surveyScore.max }, (_, i) => limits.surveyScore.max - i);

/** A table cell's bar to scale and its figure. */
function Bar({ share, children, colour = "primary.main" }: { share: number; children: string; colour?: string }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
      <Box aria-hidden sx={{ height: 12, borderRadius: "3px", bgcolor: colour, width: `${share * 75}%`, minWidth: share > 0 ? 4 : 0 }} />
      <Typography variant="body2" component="span" sx={{ whiteSpace: "nowrap" }}>
        {children}
      </Typography>
    </Box>
  );
}

const tableSx = { width: "100%", borderCollapse: "collapse", tableLayout: "fixed", "& td, & th": { py: 0.5, textAlign: "start" } } as const;

/**
 * The satisfaction survey's answers (issue 30): the average score and how many answered, how many
 * gave each score (5 to 1), and the average per attendant or per queue — tables whose cells carry
 * bars to scale (the tables are what screen readers read).
 */
export function SatisfactionCard({ satisfaction }: { satisfaction: ReportCharts["satisfaction"] }) {
  const { t } = useTranslation();
  const [grouping, setGrouping] = useState<Grouping>("byUser");
  const title = t("surveyAdmin.report.title");
  const most = Math.max(1, ...satisfaction.distribution);
  const groups = satisfaction[grouping];
  const max = limits.surveyScore.max;
  return (
    <ChartCard
      title={title}
      summary={t("surveyAdmin.report.summary")}
      actions={
        satisfaction.count > 0 && (
          <ChoiceButtons
            label={t("reports.charts.grouping", { chart: title })}
            value={grouping}
            choices={[
              { value: "byUser", label: t("reports.charts.byUser") },
              { value: "byQueue", label: t("reports.charts.byQueue") },
            ]}
            onChange={setGrouping}
          />
        )
      }
    >
      {satisfaction.count === 0 || satisfaction.average === null ? (
        <Typography variant="body2" color="text.secondary">
          {t("surveyAdmin.report.none")}
        </Typography>
      ) : (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "minmax(0, 1fr) minmax(0, 1fr)" } }}>
          <Box>
            <Typography variant="h3" component="p" data-testid="satisfaction-average">
              {t("survey.score", { score: satisfaction.average.toFixed(1), max })}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t("surveyAdmin.report.answers", { count: satisfaction.count })}
            </Typography>
            <Box component="table" sx={tableSx}>
              <Box component="caption" sx={visuallyHidden}>
                {t("surveyAdmin.report.distribution")}
              </Box>
              <thead>
                <tr>
                  <Typography component="th" scope="col" variant="body2" color="text.secondary" sx={{ width: "35%" }}>
                    {t("surveyAdmin.report.scoreColumn")}
                  </Typography>
                  <Typography component="th" scope="col" variant="body2" color="text.secondary">
                    {t("surveyAdmin.report.answersColumn")}
                  </Typography>
                </tr>
              </thead>
              <tbody>
                {scores.map((score) => {
                  const n = satisfaction.distribution[score - 1] ?? 0;
                  return (
                    <tr key={score}>
                      <Typography component="th" scope="row" variant="body2">
                        {t("surveyAdmin.stars", { count: score })}
                      </Typography>
                      <td>
                        <Bar share={n / most} colour={score <= limits.surveyLowScoreMax ? "error.main" : "primary.main"}>
                          {String(n)}
                        </Bar>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Box>
          </Box>
          <Box component="table" sx={{ ...tableSx, alignSelf: "start" }}>
            <Box component="caption" sx={visuallyHidden}>
              {t("surveyAdmin.report.averageBy", { by: t(`reports.charts.${grouping}`) })}
            </Box>
            <thead>
              <tr>
                <Typography component="th" scope="col" variant="body2" color="text.secondary" sx={{ width: "45%" }}>
                  {t(`reports.charts.${grouping}`)}
                </Typography>
                <Typography component="th" scope="col" variant="body2" color="text.secondary">
                  {t("surveyAdmin.report.averageColumn")}
                </Typography>
              </tr>
            </thead>
            <tbody>
              {groups.map((group) => (
                <tr key={group.id ?? "none"}>
                  <Typography component="th" scope="row" variant="body2" sx={{ pr: 1, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }} title={group.name}>
                    {group.id === null ? t(grouping === "byUser" ? "reports.table.noAttendant" : "reports.table.noQueue") : group.name}
                  </Typography>
                  <td>
                    <Bar share={group.average / max}>{t("surveyAdmin.report.averageCell", { average: group.average.toFixed(1), count: group.count })}</Bar>
                  </td>
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      )}
    </ChartCard>
  );
}
