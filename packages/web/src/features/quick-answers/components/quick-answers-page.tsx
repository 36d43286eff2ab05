import type { QuickAnswer } from "@atendo/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AddButton } from "../../../components/add-button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListToolbar } from "../../../components/list-toolbar";
import { Page } from "../../../components/page";
import { QueryState } from "../../../components/query-state";
import { ScrollList } from "../../../components/scroll-list";
import { SearchField } from "../../../components/search-field";
import { useInfiniteScroll } from "../../../lib/infinite-scroll";
import { flattenPages } from "../../../lib/paged-cache";
import { useCurrentUser } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { useConfirmTarget } from "../../../lib/use-confirm-target";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { useDeleteQuickAnswer, useQuickAnswersList, useQuickAnswersLive } from "../hooks/use-quick-answers";
import { QuickAnswerDialog } from "./quick-answer-dialog";
import { QuickAnswersTable } from "./quick-answers-table";

/** /quickAnswers (everyone): shared answers, inserted in conversations by typing "/" and the shortcut. */
export function QuickAnswersPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim());
  const query = useQuickAnswersList(debounced);
  const answers = flattenPages(query.data, "quickAnswers");
  const scroll = useInfiniteScroll<HTMLDivElement>({
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
    isFetchNextPageError: query.isFetchNextPageError,
    itemCount: answers.length,
  });
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
    <Page
      title={t("pages.quickAnswers")}
      fill
      actions={
        <ListToolbar>
          <SearchField label={t("quickAnswers.search")} value={search} onChange={setSearch} lowerCase />
          <AddButton label={t("quickAnswers.add")} onClick={() => setDialog({ open: true, answer: null })} />
        </ListToolbar>
      }
    >
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {query.data && (
        <ScrollList
          label={t("pages.quickAnswers")}
          scrollRef={scroll.ref}
          onScroll={scroll.onScroll}
          loadingMore={query.isFetchingNextPage}
          empty={answers.length === 0 ? t(debounced ? "common.noResults" : "quickAnswers.empty") : null}
        >
          <QuickAnswersTable
            answers={answers}
            canDelete={canDelete}
            onEdit={(answer) => setDialog({ open: true, answer })}
            onDelete={confirm.ask}
          />
        </ScrollList>
      )}
      <QuickAnswerDialog
        open={dialog.open}
        answer={dialog.answer}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
      <ConfirmDialog
        open={confirm.open}
        title={t("quickAnswers.deleteTitle", { shortcut: confirm.target?.shortcut ?? "" })}
        message={t("quickAnswers.deleteText")}
        confirmLabel={t("common.delete")}
        danger
        onConfirm={() => confirm.target && remove(confirm.target)}
        onClose={confirm.close}
      />
    </Page>
  );
}
