import type { QuickAnswer } from "@atendo/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AddButton } from "../../../components/add-button";
import { ConfirmDeleteDialog } from "../../../components/confirm-dialog";
import { ListPage } from "../../../components/list-page";
import { ListToolbar } from "../../../components/list-toolbar";
import { SearchField } from "../../../components/search-field";
import { useCurrentUser } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { useConfirmTarget } from "../../../lib/use-confirm-target";
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
  const [dialog, setDialog] = useState<{ open: boolean; answer: QuickAnswer | null }>({ open: false, answer: null });
  const deletion = useDeleteQuickAnswer();
  const confirm = useConfirmTarget<QuickAnswer>();
  useQuickAnswersLive();

  // Mirrors the server rule (docs/decisions/0007): the author or an admin deletes.
  const canDelete = (answer: QuickAnswer) => me?.profile === "admin" || answer.createdBy === me?.id;

  function remove(answer: QuickAnswer): void {
    deletion.mutate(answer.id, { onSuccess: () => toast.success(t("quickAnswers.deleted")) });
  }

  return (
    <ListPage
      title={t("pages.quickAnswers")}
      actions={
        <ListToolbar>
          <SearchField label={t("quickAnswers.search")} value={list.search} onChange={list.setSearch} lowerCase />
          <AddButton label={t("quickAnswers.add")} onClick={() => setDialog({ open: true, answer: null })} />
        </ListToolbar>
      }
      query={list.query}
      scroll={list.scrollProps}
      empty={list.items.length === 0 ? t(list.searching ? "common.noResults" : "quickAnswers.empty") : null}
      table={() => (
        <QuickAnswersTable
          answers={list.items}
          canDelete={canDelete}
          onEdit={(answer) => setDialog({ open: true, answer })}
          onDelete={confirm.ask}
        />
      )}
    >
      <QuickAnswerDialog
        open={dialog.open}
        answer={dialog.answer}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      <ConfirmDeleteDialog
        confirm={confirm}
        title={t("quickAnswers.deleteTitle", { shortcut: confirm.target?.shortcut ?? "" })}
        message={t("quickAnswers.deleteText")}
        onDelete={remove}
      />
    </ListPage>
  );
}
