import type { Connection } from "@atendo/contracts";
import type { UseFormReturn } from "react-hook-form";
import type { ConnectionFormInput, ConnectionFormValues } from "./connection-form.schema";

/** The settings of a `telegram` connection in its form (issue 32). */
export function TelegramFields(_props: { form: UseFormReturn<ConnectionFormInput, unknown, ConnectionFormValues>; connection: Connection | undefined }) {
  return null;
}
