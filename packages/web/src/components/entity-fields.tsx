import { businessHoursFields, type Destination, type DestinationKind, type WeeklyHours } from "@atendo/contracts";
import type { ComponentType, ReactNode } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { destinationFormFields, destinationFormValues } from "../lib/destinations";
import { useTranslation } from "../lib/i18n";
import { BusinessHoursFields } from "./business-hours-fields";
import { DestinationFields } from "./destination-fields";
import type { EntityFieldsProps } from "./entity-form-page";
import { FormSwitchField } from "./form-switch-field";
import { SchemaTextField } from "./schema-text-field";

type Shape = Record<string, z.ZodType>;
type Input<S extends Shape> = z.input<z.ZodObject<S>>;
type Output<S extends Shape> = z.output<z.ZodObject<S>>;

/** What one field of an entity form gets: the form, seen as holding the field's own values, and the record. */
export interface EntityFieldProps<T, S extends Shape> {
  form: UseFormReturn<Input<S>, unknown, Output<S>>;
  /** The record's name field (see `EntityFieldsProps`). */
  nameField: ReactNode;
  record: T | undefined;
  others: readonly T[];
}

/**
 * One field (or a few that go together) of an {@link entityForm}: the form values it holds with
 * their schema, their values for the record (or a new one), and how it shows.
 */
export interface EntityField<T, S extends Shape> {
  shape: S;
  initial: (record: T | undefined, others: readonly T[]) => Input<S>;
  Field: ComponentType<EntityFieldProps<T, S>>;
}

// A field of any record kind and values: what entityForm takes before it reads each one's types.
interface SomeField {
  shape: Shape;
  initial: (record: never, others: never) => object;
  Field: unknown;
}
type RecordOf<F> = F extends { initial: (record: never, others: readonly (infer T)[]) => unknown } ? T : never;
type Both<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;
/** The form's shape: all its fields' values. */
type ShapeOf<F extends readonly SomeField[]> = Both<F[number]["shape"]> extends infer S extends Shape ? S : never;
/** The record kind the form edits: what each of its fields reads of it. */
type KindOf<F extends readonly SomeField[]> = Both<RecordOf<F[number]>>;

interface EntityFormOptions<T, S extends Shape, Body> {
  /** The request body from the form's values (default: the values as they are). */
  toBody?: (values: Output<S>, record: T | undefined, others: readonly T[]) => Body;
}

/**
 * An `EntityFormPage`'s schema, defaults, body and fields from its fields, in the order they show:
 * each field brings its schema and its value from the record, so a form names each field once.
 */
export function entityForm<const F extends readonly SomeField[], Body = Output<ShapeOf<F>>>(fields: F, options: EntityFormOptions<KindOf<F>, ShapeOf<F>, Body> = {}) {
  type T = KindOf<F>;
  type S = ShapeOf<F>;
  const schema = z.object(Object.assign({}, ...fields.map((field) => field.shape)) as S);
  const defaults = (record: T | undefined, others: readonly T[]) =>
    Object.assign({}, ...fields.map((field) => (field as unknown as EntityField<T, Shape>).initial(record, others))) as Input<S>;
  const toBody = options.toBody ?? ((values: Output<S>) => values as Body);
  function Fields(props: EntityFieldsProps<T, Input<S>, Output<S>>) {
    // Each field reads and writes its own values only, so it may see the whole form as holding them alone.
    return fields.map((field, index) => {
      const Field = field.Field as ComponentType<EntityFieldsProps<T, Input<S>, Output<S>>>;
      return <Field key={index} {...props} />;
    });
  }
  return { schema, defaults, toBody, Fields };
}

/** The record's name, placed where the form page put it (required, its length rule under it). */
export function nameField(schema: z.ZodType<string, string>): EntityField<{ name: string }, { name: z.ZodType<string, string> }> {
  return { shape: { name: schema }, initial: (record) => ({ name: record?.name ?? "" }), Field: ({ nameField }) => nameField };
}

interface TextFieldTexts {
  label: string;
  hint?: string;
  /** Under the field while its value is invalid. */
  invalid?: string;
}

/** A contract string schema, possibly with the default the server fills in. */
type StringSchema = z.ZodString | z.ZodDefault<z.ZodString>;

/** A string of the record, its rules from its contract `schema` (see `SchemaTextField`); `rows` for several lines. */
export function textField<const K extends string, S extends StringSchema>(name: K, schema: S, texts: TextFieldTexts, rows?: readonly [number, number]) {
  const plain: StringSchema = schema;
  const rule = plain instanceof z.ZodDefault ? plain.unwrap() : plain;
  const field: EntityField<Partial<Record<K, string | null>>, Record<K, S>> = {
    shape: { [name]: schema } as Record<K, S>,
    initial: (record) => ({ [name]: record?.[name] ?? "" }) as Input<Record<K, S>>,
    Field: function TextFieldOf({ form }) {
      const { t } = useTranslation();
      const { label, hint, invalid } = texts;
      return (
        <SchemaTextField
          form={form as unknown as UseFormReturn<FieldValues>}
          name={name as FieldPath<FieldValues>}
          rule={rule}
          lines={rows}
          label={t(label)}
          hint={hint && t(hint)}
          errorText={invalid && t(invalid)}
        />
      );
    },
  };
  return field;
}

/** A yes/no of the record: a switch, or a checkbox with its hint under it; `fallback` for a new record. */
export function switchField<const K extends string>(name: K, texts: { label: string; hint?: string }, control: "switch" | "checkbox" = "switch", fallback = false) {
  const field: EntityField<Partial<Record<K, boolean>>, Record<K, z.ZodBoolean>> = {
    shape: { [name]: z.boolean() } as Record<K, z.ZodBoolean>,
    initial: (record) => ({ [name]: record?.[name] ?? fallback }) as Input<Record<K, z.ZodBoolean>>,
    Field: function SwitchFieldOf({ form }) {
      const { t } = useTranslation();
      return (
        <FormSwitchField
          control={(form as unknown as UseFormReturn<FieldValues>).control}
          name={name}
          label={t(texts.label)}
          hint={texts.hint && t(texts.hint)}
          as={control}
        />
      );
    },
  };
  return field;
}

const destinationShape = { destinationType: destinationFormFields.type, destinationItem: destinationFormFields.item };

/**
 * Where the record's conversations go next (`from` reads it): the destination type and item,
 * sent as `destinationType` and `destinationItem`; `self`, the kind a record cannot lead to itself in.
 */
export function destinationField<T extends { id: number }>(from: (record: T) => Destination | undefined, self?: DestinationKind): EntityField<T, typeof destinationShape> {
  return {
    shape: destinationShape,
    initial: (record) => {
      const destination = destinationFormValues(record && from(record));
      return { destinationType: destination.type, destinationItem: destination.item };
    },
    Field: ({ form, record }) => (
      <DestinationFields form={form} typeName="destinationType" itemName="destinationItem" self={self && record && { type: self, id: record.id }} />
    ),
  };
}

/** The record's opening hours and what customers are told outside them (queues, connections). */
export const businessHoursField: EntityField<{ businessHours: WeeklyHours | null; outOfHoursMessage: string }, typeof businessHoursFields> = {
  shape: businessHoursFields,
  initial: (record) => ({ businessHours: record?.businessHours ?? null, outOfHoursMessage: record?.outOfHoursMessage ?? "" }),
  Field: ({ form }) => <BusinessHoursFields form={form} />,
};
