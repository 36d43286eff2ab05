import type { FormEventHandler, ReactNode } from "react";

/** What a form of stacked fields over its submit button takes: a dialog's, a form card's, a sign-in page's. */
export interface StackedFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The request is on its way: the submit button shows it. */
  pending: boolean;
  /** The fields, stacked. */
  children: ReactNode;
}
