import { connectionKinds } from "@atendo/contracts";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { connectionsQueryOptions } from "../../connections";
import { quickAnswersListQueryOptions } from "../../quick-answers";
import { queuesQueryOptions } from "../../queues";
import { tagsQueryOptions } from "../../tags";
import { usersListQueryOptions } from "../../users";

export interface PickerOption {
  value: number | string;
  label: string;
}

/** What each id field of a rule picks from: queues, connections, labels, users, quick answers (first pages), channel kinds. */
export function useAutomationPickers() {
  const queues = useQuery(queuesQueryOptions());
  const connections = useQuery(connectionsQueryOptions());
  const tags = useQuery(tagsQueryOptions());
  const users = useInfiniteQuery(usersListQueryOptions(""));
  const answers = useInfiniteQuery(quickAnswersListQueryOptions(""));
  const named = (rows: readonly { id: number; name: string }[] | undefined): PickerOption[] => (rows ?? []).map((row) => ({ value: row.id, label: row.name }));
  return {
    queues: named(queues.data),
    connections: named(connections.data),
    tags: named(tags.data),
    users: named(users.data?.pages.flatMap((page) => page.users)),
    quickAnswers: (answers.data?.pages.flatMap((page) => page.quickAnswers) ?? []).map((answer) => ({ value: answer.id, label: `/${answer.shortcut}` })),
    channelKinds: connectionKinds.map((kind) => ({ value: kind, label: kind })),
  };
}

export type AutomationPickers = ReturnType<typeof useAutomationPickers>;
