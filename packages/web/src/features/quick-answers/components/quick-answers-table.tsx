import type { QuickAnswer } from "@atendo/contracts";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { AdminTable, type RecordTableProps, ellipsis } from "../../../components/admin-table";

interface QuickAnswersTableProps extends RecordTableProps<QuickAnswer> {
  answers: readonly QuickAnswer[];
  canDelete: (answer: QuickAnswer) => boolean;
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
      actionLabels={(answer) => ({
        edit: t("quickAnswers.edit", { shortcut: answer.shortcut }),
        delete: t("quickAnswers.delete", { shortcut: answer.shortcut }),
      })}
      onEdit={onEdit}
      onDelete={onDelete}
      canDelete={canDelete}
    />
  );
}
