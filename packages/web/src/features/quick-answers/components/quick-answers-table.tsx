import type { QuickAnswer } from "@atendo/contracts";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { AdminTable, ellipsis } from "../../../components/admin-table";

interface QuickAnswersTableProps {
  answers: readonly QuickAnswer[];
  canDelete: (answer: QuickAnswer) => boolean;
  onEdit: (answer: QuickAnswer) => void;
  onDelete: (answer: QuickAnswer) => void;
}

const twoLines = { overflow: "hidden", display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical", overflowWrap: "anywhere" } as const;

/** Shortcut, message (two lines at most) and actions. */
export function QuickAnswersTable({ answers, canDelete, onEdit, onDelete }: QuickAnswersTableProps) {
  const { t } = useTranslation();
  return (
    <AdminTable
      rows={answers}
      columns={[
        {
          header: t("quickAnswers.shortcut"),
          width: { xs: 110, md: 200 },
          cell: (answer) => (
            <Typography variant="body2" sx={{ fontWeight: 600, fontFamily: "ui-monospace, Menlo, Consolas, monospace", ...ellipsis }}>
              /{answer.shortcut}
            </Typography>
          ),
        },
        {
          header: t("quickAnswers.message"),
          cellTitle: (answer) => answer.message,
          cell: (answer) => (
            <Typography variant="body2" sx={twoLines}>
              {answer.message}
            </Typography>
          ),
        },
      ]}
      actionsWidth={104}
      actions={(answer) => ({
        editLabel: t("quickAnswers.edit", { shortcut: answer.shortcut }),
        deleteLabel: t("quickAnswers.delete", { shortcut: answer.shortcut }),
        onEdit: () => onEdit(answer),
        onDelete: canDelete(answer) ? () => onDelete(answer) : undefined,
      })}
    />
  );
}
