import type { DestinationKind } from "@atendo/contracts";
import Card from "@mui/material/Card";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { Page } from "../../../components/page";
import { QueryState } from "../../../components/query-state";
import { paths } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { useConnection, useConnections, useCreateConnection, useUpdateConnection } from "../hooks/use-connections";
import type { ConnectionFormValues } from "./connection-form.schema";
import { ConnectionForm } from "./connection-form";

function toBody({ kind: _kind, destinationType, destinationItem, ...values }: ConnectionFormValues) {
  return { ...values, destinationType: destinationType as DestinationKind, destinationItem: Number(destinationItem) };
}

/** /connections/new and /connections/edit/:id: saving returns to /connections with a toast (spec §2). */
export function ConnectionFormPage() {
  const { id } = useParams();
  const connectionId = id ? Number(id) : undefined;
  return connectionId ? <EditConnection id={connectionId} /> : <NewConnection />;
}

function useSaved() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return () => {
    toast.success(t("connections.saved"));
    void navigate(paths.connections);
  };
}

function NewConnection() {
  const { t } = useTranslation();
  const connections = useConnections({ silent: true });
  const mutation = useCreateConnection();
  const saved = useSaved();

  return (
    <Page title={t("connections.newTitle")} narrow>
      <QueryState isPending={connections.isPending} error={connections.error} onRetry={() => void connections.refetch()} />
      {connections.data && (
        <Card>
          <ConnectionForm
            others={connections.data}
            saving={mutation.isPending}
            onSubmit={(values) => mutation.mutate({ ...toBody(values), kind: values.kind }, { onSuccess: saved })}
          />
        </Card>
      )}
    </Page>
  );
}

function EditConnection({ id }: { id: number }) {
  const { t } = useTranslation();
  const connections = useConnections({ silent: true });
  const query = useConnection(id);
  const mutation = useUpdateConnection(id);
  const saved = useSaved();
  // Wait for the fresh copy: the form's defaults are read once.
  const ready = query.isFetchedAfterMount && query.data && connections.data;

  return (
    <Page title={t("connections.editTitle")} narrow>
      <QueryState
        isPending={!ready && !query.error && !connections.error}
        error={query.error ?? connections.error}
        onRetry={() => void Promise.all([query.refetch(), connections.refetch()])}
      />
      {ready && (
        <Card>
          <ConnectionForm
            connection={query.data}
            others={connections.data.filter((item) => item.id !== id)}
            saving={mutation.isPending}
            onSubmit={(values) => mutation.mutate(toBody(values), { onSuccess: saved })}
          />
        </Card>
      )}
    </Page>
  );
}
