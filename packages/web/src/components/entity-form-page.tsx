import type { ComponentType, ReactNode } from "react";
import type { DefaultValues, FieldValues, UseFormReturn } from "react-hook-form";
import { z } from "zod";
import type { AdminEntity } from "../lib/admin-entity";
import { useContractForm } from "../lib/form";
import { useTranslation } from "../lib/i18n";
import { useIdParam } from "../lib/use-id-param";
import { useSavedAndBack } from "../lib/use-saved-and-back";
import { CardForm } from "./form-card-actions";
import { FormPage } from "./form-page";
import { FormNameField, lengthOf } from "./form-text-field";

/** What an entity's form fields get: the form, the record being edited (none on /new), the other records. */
export interface EntityFieldsProps<T, Input extends FieldValues, Output extends FieldValues> {
  form: UseFormReturn<Input, unknown, Output>;
  /** The record's name field (required, its length rule under it, focused on a new record), to place first. */
  nameField: ReactNode;
  record: T | undefined;
  /** The kind's other records, with `withOthers` (e.g. the colours other queues took); else empty. */
  others: readonly T[];
}

/** {@link EntityFieldsProps} of a form validated by `Schema`. */
export type EntityFieldsOf<T, Schema extends z.ZodType<FieldValues, NamedValues>> = EntityFieldsProps<T, z.input<Schema>, z.output<Schema>>;

type NamedValues = FieldValues & { name: string };

interface EntityFormPageProps<T extends { id: number }, Body, Input extends NamedValues, Output extends FieldValues> {
  entity: AdminEntity<T, Body>;
  /** The form's schema, made of the contract's (design guide: forms from the contract). */
  schema: z.ZodType<Output, Input>;
  /** The form's values for the record (read once, when the form mounts), or for a new one. */
  defaults: (record: T | undefined, others: readonly T[]) => DefaultValues<Input>;
  /** The request body from the form's values. */
  toBody: (values: Output, record: T | undefined, others: readonly T[]) => Body;
  Fields: ComponentType<EntityFieldsProps<T, Input, Output>>;
  /** The form needs the kind's other records too (loaded with the record). */
  withOthers?: boolean;
}

/**
 * The form page of an {@link AdminEntity} (/x/new and /x/edit/:id): waits for a fresh copy of the
 * record (the form reads its defaults once), shows the fields in a card with Cancel and Save, and
 * once saved goes back to the list with a toast.
 */
export function EntityFormPage<T extends { id: number }, Body, Input extends NamedValues, Output extends FieldValues>(
  props: EntityFormPageProps<T, Body, Input, Output>,
) {
  const { entity, withOthers = false } = props;
  const { t } = useTranslation();
  const id = useIdParam();
  const editing = entity.resource.useEditing(id);
  const list = entity.resource.useList({ silent: true, enabled: withOthers });
  const others = withOthers ? list.data?.filter((record) => record.id !== id) : [];
  const ready = editing.ready && others !== undefined;
  return (
    <FormPage
      title={t(`${entity.texts}.${id === undefined ? "newTitle" : "editTitle"}`)}
      queries={withOthers ? [...editing.queries, list] : editing.queries}
      ready={ready}
    >
      {ready && <EntityForm key={id ?? "new"} {...props} id={id} record={editing.record} others={others} />}
    </FormPage>
  );
}

/** The name's length rule, from the form schema's own name field (the contract's); the usual one otherwise. */
function nameLengthOf(schema: z.ZodType): { min: number; max: number } | undefined {
  const name = schema instanceof z.ZodObject ? schema.shape.name : undefined;
  return name instanceof z.ZodString ? lengthOf(name) : undefined;
}

function EntityForm<T extends { id: number }, Body, Input extends NamedValues, Output extends FieldValues>({
  entity,
  schema,
  defaults,
  toBody,
  Fields,
  id,
  record,
  others,
}: EntityFormPageProps<T, Body, Input, Output> & { id: number | undefined; record: T | undefined; others: readonly T[] }) {
  const { t } = useTranslation();
  const mutation = entity.resource.useSave(id);
  const saved = useSavedAndBack(t(`${entity.texts}.saved`), entity.pages.list);
  const form = useContractForm(schema, defaults(record, others));
  return (
    <CardForm
      onSubmit={form.handleSubmit((values) => mutation.mutate(toBody(values, record, others), { onSuccess: saved }))}
      cancelTo={entity.pages.list}
      pending={mutation.isPending}
    >
      <Fields
        form={form}
        nameField={<FormNameField form={form} label={t(`${entity.texts}.name`)} length={nameLengthOf(schema)} fullWidth autoFocus={!record} />}
        record={record}
        others={others}
      />
    </CardForm>
  );
}
