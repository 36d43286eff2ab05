import { can, type QuickAnswer } from "@atendo/contracts";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { ellipsis } from "../../../components/admin-table";
import { EntityDialog } from "../../../components/entity-dialog";
import { EntityListPage, type EntityColumns } from "../../../components/entity-list-page";
import { useCurrentUser } from "../../../lib/session";
import { useDialogTarget } from "../../../lib/use-dialog-target";
import { useSearchedList } from "../../../lib/use-searched-list";
import { quickAnswersListQueryOptions } from "../api/quick-answers.queries";
import { useDeleteQuickAnswer, useQuickAnswersLive } from "../hooks/use-quick-answers";
import { QuickAnswerForm } from "./quick-answer-form";

const twoLines = { overflow: "hidden", display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical", overflowWrap: "anywhere" } as const;

/** Shortcut and message (two lines at most). */
function useColumns(): EntityColumns<QuickAnswer> {
  const { t } = useTranslation();
  return [
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
  ];
}

/** /quickAnswers (everyone): shared answers, inserted in conversations by typing "/" and the shortcut. */
export function QuickAnswersPage() {
  const me = useCurrentUser();
  const list = useSearchedList(quickAnswersListQueryOptions, "quickAnswers");
  const editing = useDialogTarget<QuickAnswer | null>();
  const deletion = useDeleteQuickAnswer();
  useQuickAnswersLive();

  return (
    <EntityListPage
      texts="quickAnswers"
      title="pages.quickAnswers"
      list={list}
      lowerCaseSearch
      add={() => editing.show(null)}
      useColumns={useColumns}
      labelOf={(answer) => ({ shortcut: answer.shortcut })}
      onEdit={editing.show}
      deletion={deletion}
      // Mirrors the server rule (docs/decisions/0007): the author or an admin deletes.
      canDelete={(answer) => can(me?.profile, "team-content:moderate") || answer.createdBy === me?.id}
    >
      <EntityDialog open={editing.open} onClose={editing.close} texts="quickAnswers" id={editing.target?.id ?? null}>
        {() => <QuickAnswerForm answer={editing.target} onClose={editing.close} />}
      </EntityDialog>
    </EntityListPage>
  );
}
