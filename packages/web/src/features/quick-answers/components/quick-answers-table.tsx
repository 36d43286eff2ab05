import type { QuickAnswer } from "@atendo/contracts";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { RowActions } from "../../../components/row-actions";

interface QuickAnswersTableProps {
  answers: readonly QuickAnswer[];
  canDelete: (answer: QuickAnswer) => boolean;
  onEdit: (answer: QuickAnswer) => void;
  onDelete: (answer: QuickAnswer) => void;
}

const ellipsis = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } as const;
const twoLines = { overflow: "hidden", display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical", overflowWrap: "anywhere" } as const;

/** Shortcut, message (two lines at most) and actions. */
export function QuickAnswersTable({ answers, canDelete, onEdit, onDelete }: QuickAnswersTableProps) {
  const { t } = useTranslation();
  return (
    <Table stickyHeader size="small" sx={{ tableLayout: "fixed" }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: { xs: 110, md: 200 } }}>{t("quickAnswers.shortcut")}</TableCell>
          <TableCell>{t("quickAnswers.message")}</TableCell>
          <TableCell align="right" sx={{ width: 104 }}>
            {t("common.actions")}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {answers.map((answer) => (
          <TableRow key={answer.id} hover>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 600, fontFamily: "ui-monospace, Menlo, Consolas, monospace", ...ellipsis }}>
                /{answer.shortcut}
              </Typography>
            </TableCell>
            <TableCell title={answer.message}>
              <Typography variant="body2" sx={twoLines}>
                {answer.message}
              </Typography>
            </TableCell>
            <TableCell align="right">
              <RowActions
                editLabel={t("quickAnswers.edit", { shortcut: answer.shortcut })}
                deleteLabel={t("quickAnswers.delete", { shortcut: answer.shortcut })}
                onEdit={() => onEdit(answer)}
                onDelete={canDelete(answer) ? () => onDelete(answer) : undefined}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
