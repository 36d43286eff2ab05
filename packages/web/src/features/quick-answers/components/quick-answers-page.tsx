import type { QuickAnswer } from "@atendo/contracts";
import { useTranslation } from "../../../lib/i18n";
import { AddButton } from "../../../components/add-button";
import { ConfirmDeleteDialog } from "../../../components/confirm-dialog";
import { ListPage } from "../../../components/list-page";
import { ListToolbar } from "../../../components/list-toolbar";
import { SearchField } from "../../../components/search-field";
import { useCurrentUser } from "../../../lib/session";
import { useDialogTarget } from "../../../lib/use-dialog-target";
import { useSearchedList } from "../../../lib/use-searched-list";
import { quickAnswersListQueryOptions } from "../api/quick-answers.queries";
import { useDeleteQuickAnswer, useQuickAnswersLive } from "../hooks/use-quick-answers";
import { QuickAnswerDialog } from "./quick-answer-dialog";
import { QuickAnswersTable } from "./quick-answers-table";

/** /quickAnswers (everyone): shared answers, inserted in conversations by typing "/" and the shortcut. */
export function QuickAnswersPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const list = useSearchedList(quickAnswersListQueryOptions, "quickAnswers");
  const editing = useDialogTarget<QuickAnswer | null>();
  const deletion = useDeleteQuickAnswer();
  const confirm = useDialogTarget<QuickAnswer>();
  useQuickAnswersLive();

  // Mirrors the server rule (docs/decisions/0007): the author or an admin deletes.
  const canDelete = (answer: QuickAnswer) => me?.profile === "admin" || answer.createdBy === me?.id;

  return (
    <ListPage
      title={t("pages.quickAnswers")}
      actions={
        <ListToolbar>
          <SearchField label={t("quickAnswers.search")} value={list.search} onChange={list.setSearch} lowerCase />
          <AddButton label={t("quickAnswers.add")} onClick={() => editing.show(null)} />
        </ListToolbar>
      }
      {...list.listProps}
      emptyText={t("quickAnswers.empty")}
      table={() => (
        <QuickAnswersTable
          answers={list.items}
          canDelete={canDelete}
          onEdit={editing.show}
          onDelete={confirm.show}
        />
      )}
    >
      <QuickAnswerDialog open={editing.open} answer={editing.target} onClose={editing.close} />
      <ConfirmDeleteDialog
        confirm={confirm}
        title={t("quickAnswers.deleteTitle", { shortcut: confirm.target?.shortcut ?? "" })}
        message={t("quickAnswers.deleteText")}
        deletion={deletion}
        deletedMessage={t("quickAnswers.deleted")}
      />
    </ListPage>
  );
}
