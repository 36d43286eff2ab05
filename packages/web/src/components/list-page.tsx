import type { ReactNode } from "react";
import { useTranslation } from "../lib/i18n";
import { Page } from "./page";
import { QueryState } from "./query-state";
import { ScrollList, type ScrollListProps } from "./scroll-list";

export interface ListPageProps<D> {
  /** The heading, which also names the list's scroll region. */
  title: string;
  /** Search box and add button beside the heading. */
  actions: ReactNode;
  /** The list's query: a spinner or the error with retry until its data is there. */
  query: { isPending: boolean; error: unknown; data: D | undefined; refetch: () => unknown };
  /** The list holds no record: `emptyText` is said instead of rows, or "no results" when a search filters it. */
  isEmpty: boolean;
  searching?: boolean;
  emptyText: string;
  /** A paged list loads more as it scrolls (see useSearchedList). */
  scroll?: Pick<ScrollListProps, "scrollRef" | "onScroll" | "loadingMore">;
  table: (data: D) => ReactNode;
  /** Dialogs over the page. */
  children?: ReactNode;
}

/** A list page (users, queues, connections, contacts, quick answers): heading, then the table scrolling on its own. */
export function ListPage<D>({ title, actions, query, isEmpty, searching, emptyText, scroll, table, children }: ListPageProps<D>) {
  const { t } = useTranslation();
  const empty = isEmpty ? (searching ? t("common.noResults") : emptyText) : null;
  return (
    <Page title={title} fill actions={actions}>
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {query.data && (
        <ScrollList label={title} {...scroll} empty={empty}>
          {table(query.data)}
        </ScrollList>
      )}
      {children}
    </Page>
  );
}
