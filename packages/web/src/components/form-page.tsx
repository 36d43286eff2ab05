import Card from "@mui/material/Card";
import type { ReactNode } from "react";
import { Page } from "./page";
import { QueryState } from "./query-state";

interface FormPageProps {
  title: string;
  /** What the form needs loaded; their first error shows with one retry for all. */
  queries: readonly { error: unknown; refetch: () => Promise<unknown> }[];
  /** Everything the form reads is there (its defaults are read once). */
  ready: boolean;
  /** The form (`ready && <Form …/>`), shown in a card once ready. */
  children: ReactNode;
}

/** A form on a page of its own (/x/new, /x/edit/:id): a spinner or the error until ready, then the form in a card. */
export function FormPage({ title, queries, ready, children }: FormPageProps) {
  const error = queries.find((query) => query.error)?.error ?? null;
  return (
    <Page title={title} narrow>
      <QueryState
        isPending={!ready && !error}
        error={error}
        onRetry={() => void Promise.all(queries.map((query) => query.refetch()))}
      />
      {ready && <Card>{children}</Card>}
    </Page>
  );
}
