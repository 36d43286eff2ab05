import type { Queue } from "@atendo/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AddButton } from "../../../components/add-button";
import { ConfirmDeleteDialog } from "../../../components/confirm-dialog";
import { ListPage } from "../../../components/list-page";
import { paths } from "../../../lib/paths";
import { useDialogTarget } from "../../../lib/use-dialog-target";
import { useDeleteQueue, useQueues, useQueuesLive } from "../hooks/use-queues";
import { QueuesTable } from "./queues-table";

/** /queues: every queue with its colour and greeting (admins). */
export function QueuesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQueues({ silent: true });
  const deletion = useDeleteQueue();
  const confirm = useDialogTarget<Queue>();
  useQueuesLive();

  return (
    <ListPage
      title={t("pages.queues")}
      actions={<AddButton to={paths.newQueue} label={t("queues.add")} alwaysLabelled />}
      query={query}
      isEmpty={query.data?.length === 0}
      emptyText={t("queues.empty")}
      table={(queues) => <QueuesTable queues={queues} onEdit={(queue) => void navigate(paths.editQueue.href(queue.id))} onDelete={confirm.show} />}
    >
      <ConfirmDeleteDialog
        confirm={confirm}
        title={t("queues.deleteTitle", { name: confirm.target?.name ?? "" })}
        message={t("queues.deleteText")}
        deletion={deletion}
        deletedMessage={t("queues.deleted")}
      />
    </ListPage>
  );
}
