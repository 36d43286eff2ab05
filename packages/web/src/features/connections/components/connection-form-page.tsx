import { useTranslation } from "../../../lib/i18n";
import { FormPage } from "../../../components/form-page";
import { paths } from "../../../lib/paths";
import { useIdParam } from "../../../lib/use-id-param";
import { useSavedAndBack } from "../../../lib/use-saved-and-back";
import { useConnection, useConnections, useCreateConnection, useUpdateConnection } from "../hooks/use-connections";
import type { ConnectionFormValues } from "./connection-form.schema";
import { ConnectionForm } from "./connection-form";

function toBody({ kind: _kind, ...values }: ConnectionFormValues) {
  return values;
}

/** /connections/new and /connections/edit/:id: saving returns to /connections with a toast (spec §2). */
export function ConnectionFormPage() {
  const connectionId = useIdParam();
  return connectionId ? <EditConnection id={connectionId} /> : <NewConnection />;
}

function NewConnection() {
  const { t } = useTranslation();
  const connections = useConnections({ silent: true });
  const mutation = useCreateConnection();
  const saved = useSavedAndBack(t("connections.saved"), paths.connections);

  return (
    <FormPage title={t("connections.newTitle")} queries={[connections]} ready={Boolean(connections.data)}>
      {connections.data && (
        <ConnectionForm
          others={connections.data}
          saving={mutation.isPending}
          onSubmit={(values) => mutation.mutate({ ...toBody(values), kind: values.kind }, { onSuccess: saved })}
        />
      )}
    </FormPage>
  );
}

function EditConnection({ id }: { id: number }) {
  const { t } = useTranslation();
  const connections = useConnections({ silent: true });
  const query = useConnection(id);
  const mutation = useUpdateConnection(id);
  const saved = useSavedAndBack(t("connections.saved"), paths.connections);
  // Wait for the fresh copy: the form's defaults are read once.
  const ready = query.isFetchedAfterMount && query.data && connections.data;

  return (
    <FormPage title={t("connections.editTitle")} queries={[query, connections]} ready={Boolean(ready)}>
      {ready && (
        <ConnectionForm
          connection={query.data}
          others={connections.data.filter((item) => item.id !== id)}
          saving={mutation.isPending}
          onSubmit={(values) => mutation.mutate(toBody(values), { onSuccess: saved })}
        />
      )}
    </FormPage>
  );
}
