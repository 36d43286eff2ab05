import { businessHoursFields, createQueueBody, limits, queueColorPresets, userRef, type Queue } from "@atendo/contracts";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { useTranslation } from "../../../lib/i18n";
import { BusinessHoursFields } from "../../../components/business-hours-fields";
import { EntityFormPage, type EntityFieldsOf } from "../../../components/entity-form-page";
import { FormTextField } from "../../../components/form-text-field";
import { fieldBinding } from "../../../lib/form";
import { queuesEntity } from "../api/queues.queries";
import { ColorMenuField } from "./color-menu-field";
import { MembersField } from "./members-field";

const schema = z.object({
  name: createQueueBody.shape.name,
  color: createQueueBody.shape.color,
  greetingMessage: createQueueBody.shape.greetingMessage,
  members: z.array(userRef),
  ...businessHoursFields,
});

/** Colours in use by the other queues, with the queue's name. */
function takenColors(others: readonly Queue[]): Map<string, string> {
  return new Map(others.map((queue) => [queue.color.toUpperCase(), queue.name]));
}

function defaults(queue: Queue | undefined, others: readonly Queue[]) {
  const taken = takenColors(others);
  return {
    name: queue?.name ?? "",
    color: queue?.color.toUpperCase() ?? queueColorPresets.find((color) => !taken.has(color)) ?? "",
    greetingMessage: queue?.greetingMessage ?? "",
    members: queue?.users ?? [],
    businessHours: queue?.businessHours ?? null,
    outOfHoursMessage: queue?.outOfHoursMessage ?? "",
  };
}

function toBody({ members, ...values }: z.output<typeof schema>) {
  return { ...values, userIds: members.map((member) => member.id) };
}

/** /queues/new and /queues/edit/:id: saving returns to /queues with a success toast (spec §2). */
export function QueueFormPage() {
  return <EntityFormPage entity={queuesEntity} schema={schema} defaults={defaults} toBody={toBody} Fields={QueueFields} withOthers />;
}

/** Name, colour (one the other queues have not taken), greeting, members and opening hours of a queue (spec §2, §5). */
function QueueFields({ form, nameField, others }: EntityFieldsOf<Queue, typeof schema>) {
  const { t } = useTranslation();
  const { control, formState } = form;
  return (
    <>
      {nameField}
      <Controller
        control={control}
        name="color"
        render={({ field }) => (
          <ColorMenuField
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            buttonRef={field.ref}
            takenBy={takenColors(others)}
            error={Boolean(formState.errors.color)}
          />
        )}
      />
      <FormTextField
        form={form}
        name="greetingMessage"
        label={t("queues.greeting")}
        multiline
        minRows={3}
        maxRows={10}
        helperText={t("queues.greetingHint")}
        slotProps={{ htmlInput: { maxLength: limits.queueGreetingMax } }}
      />
      <Controller control={control} name="members" render={({ field }) => <MembersField {...fieldBinding(field)} />} />
      <BusinessHoursFields form={form} />
    </>
  );
}
