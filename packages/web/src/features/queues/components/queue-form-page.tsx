import type { Queue } from "@atendo/contracts";
import { useMemo } from "react";
import { useTranslation } from "../../../lib/i18n";
import { FormPage } from "../../../components/form-page";
import { paths } from "../../../lib/paths";
import { useIdParam } from "../../../lib/use-id-param";
import { useSavedAndBack } from "../../../lib/use-saved-and-back";
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
  const queueId = useIdParam();
  return queueId ? <EditQueue id={queueId} /> : <NewQueue />;
}

function NewQueue() {
  const { t } = useTranslation();
  const queues = useQueues({ silent: true });
  const mutation = useCreateQueue();
  const saved = useSavedAndBack(t("queues.saved"), paths.queues);
  const takenBy = useMemo(() => takenColors(queues.data), [queues.data]);

  return (
    <FormPage title={t("queues.newTitle")} queries={[queues]} ready={Boolean(queues.data)}>
      {queues.data && (
        <QueueForm takenBy={takenBy} saving={mutation.isPending} onSubmit={(values) => mutation.mutate(toBody(values), { onSuccess: saved })} />
      )}
    </FormPage>
  );
}

function EditQueue({ id }: { id: number }) {
  const { t } = useTranslation();
  const queues = useQueues({ silent: true });
  const query = useQueue(id);
  const mutation = useUpdateQueue(id);
  const saved = useSavedAndBack(t("queues.saved"), paths.queues);
  const takenBy = useMemo(() => takenColors(queues.data, id), [queues.data, id]);
  // Wait for the fresh copy: the form's defaults are read once.
  const ready = query.isFetchedAfterMount && query.data && queues.data;

  return (
    <FormPage title={t("queues.editTitle")} queries={[query, queues]} ready={Boolean(ready)}>
      {ready && (
        <QueueForm
          queue={query.data}
          takenBy={takenBy}
          saving={mutation.isPending}
          onSubmit={(values) => mutation.mutate(toBody(values), { onSuccess: saved })}
        />
      )}
    </FormPage>
  );
}
