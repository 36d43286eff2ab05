import type { Queue } from "@atendo/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AddButton } from "../../../components/add-button";
import { ConfirmDeleteDialog } from "../../../components/confirm-dialog";
import { Page } from "../../../components/page";
import { QueryState } from "../../../components/query-state";
import { ScrollList } from "../../../components/scroll-list";
import { paths } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { useConfirmTarget } from "../../../lib/use-confirm-target";
import { useDeleteQueue, useQueues, useQueuesLive } from "../hooks/use-queues";
import { QueuesTable } from "./queues-table";

/** /queues: every queue with its colour and greeting (admins). */
export function QueuesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQueues({ silent: true });
  const deletion = useDeleteQueue();
  const confirm = useConfirmTarget<Queue>();
  useQueuesLive();

  function remove(queue: Queue): void {
    deletion.mutate(queue.id, { onSuccess: () => toast.success(t("queues.deleted")) });
  }

  return (
    <Page
      title={t("pages.queues")}
      fill
      actions={
        <AddButton to={paths.newQueue} label={t("queues.add")} alwaysLabelled />
      }
    >
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {query.data && (
        <ScrollList label={t("pages.queues")} empty={query.data.length === 0 ? t("queues.empty") : null}>
          <QueuesTable
            queues={query.data}
            onEdit={(queue) => void navigate(paths.editQueue.href(queue.id))}
            onDelete={confirm.ask}
          />
        </ScrollList>
      )}
      <ConfirmDeleteDialog
        confirm={confirm}
        title={t("queues.deleteTitle", { name: confirm.target?.name ?? "" })}
        message={t("queues.deleteText")}
        onDelete={remove}
      />
    </Page>
  );
}
