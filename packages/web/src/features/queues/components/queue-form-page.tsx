import type { Queue } from "@atendo/contracts";
import Card from "@mui/material/Card";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { Page } from "../../../components/page";
import { QueryState } from "../../../components/query-state";
import { paths } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { useCreateQueue, useQueue, useQueues, useUpdateQueue } from "../hooks/use-queues";
import { QueueForm, type QueueFormValues } from "./queue-form";

/** Colours in use by queues other than `exceptId`, with the queue's name. */
function takenColors(queues: readonly Queue[] | undefined, exceptId?: number): Map<string, string> {
  return new Map((queues ?? []).filter((queue) => queue.id !== exceptId).map((queue) => [queue.color.toUpperCase(), queue.name]));
}

function toBody({ members, ...values }: QueueFormValues) {
  return { ...values, userIds: members.map((member) => member.id) };
}

/** /queues/new and /queues/edit/:id: saving returns to /queues with a success toast (spec §2). */
export function QueueFormPage() {
  const { id } = useParams();
  const queueId = id ? Number(id) : undefined;
  return queueId ? <EditQueue id={queueId} /> : <NewQueue />;
}

function NewQueue() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queues = useQueues({ silent: true });
  const mutation = useCreateQueue();
  const takenBy = useMemo(() => takenColors(queues.data), [queues.data]);

  function save(values: QueueFormValues): void {
    mutation.mutate(toBody(values), {
      onSuccess: () => {
        toast.success(t("queues.saved"));
        void navigate(paths.queues);
      },
    });
  }

  return (
    <Page title={t("queues.newTitle")} narrow>
      <QueryState isPending={queues.isPending} error={queues.error} onRetry={() => void queues.refetch()} />
      {queues.data && (
        <Card>
          <QueueForm takenBy={takenBy} saving={mutation.isPending} onSubmit={save} />
        </Card>
      )}
    </Page>
  );
}

function EditQueue({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queues = useQueues({ silent: true });
  const query = useQueue(id);
  const mutation = useUpdateQueue(id);
  const takenBy = useMemo(() => takenColors(queues.data, id), [queues.data, id]);
  // Wait for the fresh copy: the form's defaults are read once.
  const ready = query.isFetchedAfterMount && query.data && queues.data;

  function save(values: QueueFormValues): void {
    mutation.mutate(toBody(values), {
      onSuccess: () => {
        toast.success(t("queues.saved"));
        void navigate(paths.queues);
      },
    });
  }

  return (
    <Page title={t("queues.editTitle")} narrow>
      <QueryState
        isPending={!ready && !query.error && !queues.error}
        error={query.error ?? queues.error}
        onRetry={() => void Promise.all([query.refetch(), queues.refetch()])}
      />
      {ready && (
        <Card>
          <QueueForm queue={query.data} takenBy={takenBy} saving={mutation.isPending} onSubmit={save} />
        </Card>
      )}
    </Page>
  );
}
