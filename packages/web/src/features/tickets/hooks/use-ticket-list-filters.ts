import { can, limits, type TicketListSort, type TicketStatus } from "@atendo/contracts";
import { useMemo, useState } from "react";
import { readPreference, storageKeys, writePreference } from "../../../lib/local-storage";
import { useCurrentUser } from "../../../lib/session";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import type { TicketListFilter } from "./ticket-list-cache";

export type TicketTab = Extract<TicketStatus, "open" | "pending" | "closed">;

/**
 * The list's controls (spec §2, §5): tab, closed-tickets checkbox, queue selection (all of the
 * user's queues by default), admins' show-all (remembered locally), the day the tickets were
 * updated on (spec §7 `date`, any day by default) and the search, sent from 3 characters after
 * 500 ms without typing. A search shows every status (the search view).
 */
export function useTicketListFilters() {
  const user = useCurrentUser();
  const mayShowAll = can(user?.profile, "tickets-manager:showall");
  const myQueues = useMemo(() => user?.queues ?? [], [user]);
  const [tab, setTab] = useState<TicketTab>("open");
  const [showClosed, setShowClosedState] = useState(false);
  const [showAllPreference, setShowAllState] = useState(() => readPreference(storageKeys.showAllTickets) === "true");
  // Queues the user unticked; kept as exclusions so a queue added to the user later starts ticked.
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(new Set());
  const [searchText, setSearchText] = useState("");
  const [date, setDate] = useState<string | null>(null);
  // Tags chosen in the filter: tickets carrying any of them (none chosen: every ticket).
  const [tagIds, setTagIds] = useState<readonly number[]>([]);
  // The waiting and open tabs may be ordered by SLA due time (issue 30); other views keep activity.
  const [sort, setSort] = useState<TicketListSort>("activity");
  const debounced = useDebouncedValue(searchText.trim());
  const search = debounced.length >= limits.searchMinChars ? debounced : "";
  const showAll = mayShowAll && showAllPreference;

  const selectedQueueIds = myQueues.filter((queue) => !excluded.has(queue.id)).map((queue) => queue.id);
  const narrowed = selectedQueueIds.length < myQueues.length;
  const queueKey = narrowed ? selectedQueueIds.join(",") : "";
  const base = useMemo(
    () => ({ showAll, queueIds: queueKey === "" ? null : queueKey.split(",").map(Number), date, tagIds: tagIds.length === 0 ? null : tagIds }),
    [showAll, queueKey, date, tagIds],
  );
  const filter: TicketListFilter = useMemo(
    () => ({ ...base, status: search ? null : tab, search, ...(sort === "slaDue" && !search && tab !== "closed" ? { sort } : {}) }),
    [base, search, tab, sort],
  );
  const countFilters = useMemo(
    () => ({
      pending: { ...base, status: "pending", search: "" } satisfies TicketListFilter,
      open: { ...base, status: "open", search: "" } satisfies TicketListFilter,
    }),
    [base],
  );

  return {
    filter,
    countFilters,
    tab,
    /** Choosing a tab leaves the search view. */
    selectTab: (next: TicketTab) => {
      setTab(next);
      setSearchText("");
    },
    /**
     * After the user moved a ticket (accept, reopen) the list shows the tab the ticket went to,
     * so the open conversation is not left beside a tab that no longer holds it.
     */
    followTicket: (status: TicketStatus) => {
      if (status === "closed" && !showClosed) return;
      setTab(status);
      setSearchText("");
    },
    searchText,
    setSearchText,
    searching: search !== "",
    showClosed,
    setShowClosed: (value: boolean) => {
      setShowClosedState(value);
      if (!value && tab === "closed") setTab("open");
    },
    mayShowAll,
    showAll,
    setShowAll: (value: boolean) => {
      setShowAllState(value);
      writePreference(storageKeys.showAllTickets, String(value));
    },
    myQueues,
    selectedQueueIds,
    /** Ticks or unticks a queue; the last ticked one stays (an empty choice would mean "all"). */
    toggleQueue: (queueId: number) => {
      setExcluded((current) => {
        const next = new Set(current);
        if (next.has(queueId)) next.delete(queueId);
        else if (selectedQueueIds.length > 1) next.add(queueId);
        return next;
      });
    },
    /** The day chosen (`yyyy-mm-dd` on the install's clock), null for any day. */
    date,
    setDate,
    tagIds,
    /** Adds or removes a tag of the filter. */
    toggleTag: (tagId: number) => setTagIds((current) => (current.includes(tagId) ? current.filter((id) => id !== tagId) : [...current, tagId])),
    sort,
    setSort,
    filtersActive: sort !== "activity" || showClosed || narrowed || showAll || date !== null || tagIds.length > 0,
  };
}

export type TicketListFilters = ReturnType<typeof useTicketListFilters>;
