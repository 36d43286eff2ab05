import { useTranslation } from "../../../lib/i18n";
import { AdminListPage } from "../../../components/admin-list-page";
import { paths } from "../../../lib/paths";
import { useDeleteQueue, useQueues, useQueuesLive } from "../hooks/use-queues";
import { QueuesTable } from "./queues-table";

/** /queues: every queue with its colour and greeting (admins). */
export function QueuesPage() {
  const { t } = useTranslation();
  const query = useQueues({ silent: true });
  const deletion = useDeleteQueue();
  useQueuesLive();

  return (
    <AdminListPage
      title={t("pages.queues")}
      addLabel={t("queues.add")}
      newPath={paths.newQueue}
      editPath={paths.editQueue.href}
      query={query}
      emptyText={t("queues.empty")}
      deletion={deletion}
      deleteTitle={(queue) => t("queues.deleteTitle", { name: queue.name })}
      deleteText={t("queues.deleteText")}
      deletedMessage={t("queues.deleted")}
      table={(queues, actions) => <QueuesTable queues={queues} {...actions} />}
    />
  );
}
