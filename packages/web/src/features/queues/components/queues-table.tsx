import type { Queue } from "@atendo/contracts";
import Box from "@mui/material/Box";
import { useTheme } from "@mui/material/styles";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTranslation } from "react-i18next";
import { RowActions } from "../../../components/row-actions";
import { ColorSwatch } from "./color-swatch";

interface QueuesTableProps {
  queues: readonly Queue[];
  onEdit: (queue: Queue) => void;
  onDelete: (queue: Queue) => void;
}

const ellipsis = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } as const;

/** Name, colour swatch, truncated greeting and actions; on narrow screens the greeting goes under the name. */
export function QueuesTable({ queues, onEdit, onDelete }: QueuesTableProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down("md"));
  return (
    <Table stickyHeader size="small" sx={{ tableLayout: "fixed" }}>
      <TableHead>
        <TableRow>
          <TableCell>{t("queues.name")}</TableCell>
          {!compact && <TableCell sx={{ width: 140 }}>{t("queues.color")}</TableCell>}
          {!compact && <TableCell>{t("queues.greeting")}</TableCell>}
          <TableCell align="right" sx={{ width: 104 }}>
            {t("common.actions")}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {queues.map((queue) => (
          <TableRow key={queue.id} hover>
            <TableCell>
              <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, minWidth: 0 }}>
                <ColorSwatch color={queue.color} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, ...ellipsis }}>
                    {queue.name}
                  </Typography>
                  {compact && (
                    <Typography
                      variant="body2"
                      color={queue.greetingMessage ? "text.secondary" : "text.disabled"}
                      sx={ellipsis}
                    >
                      {queue.greetingMessage || t("queues.noGreeting")}
                    </Typography>
                  )}
                </Box>
              </Box>
            </TableCell>
            {!compact && (
              <TableCell>
                <Typography variant="body2" sx={{ fontFamily: "ui-monospace, Menlo, Consolas, monospace" }}>
                  {queue.color.toUpperCase()}
                </Typography>
              </TableCell>
            )}
            {!compact && (
              <TableCell sx={ellipsis} title={queue.greetingMessage}>
                {queue.greetingMessage || (
                  <Typography component="span" variant="body2" color="text.disabled">
                    {t("queues.noGreeting")}
                  </Typography>
                )}
              </TableCell>
            )}
            <TableCell align="right">
              <RowActions
                editLabel={t("queues.edit", { name: queue.name })}
                deleteLabel={t("queues.delete", { name: queue.name })}
                onEdit={() => onEdit(queue)}
                onDelete={() => onDelete(queue)}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
