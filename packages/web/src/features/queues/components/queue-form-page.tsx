import { createQueueBody, queueColorPresets, userRef, type Queue } from "@atendo/contracts";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { businessHoursField, entityForm, nameField, switchField, textField, type EntityField } from "../../../components/entity-fields";
import { EntityFormPage } from "../../../components/entity-form-page";
import { fieldBinding } from "../../../lib/form";
import { queuesEntity } from "../api/queues.queries";
import { assignmentField } from "./assignment-field";
import { ColorMenuField } from "./color-menu-field";
import { MembersField } from "./members-field";
import { slaField, slaOf } from "./sla-field";

/** Colours in use by the other queues, with the queue's name. */
function takenColors(others: readonly Queue[]): Map<string, string> {
  return new Map(others.map((queue) => [queue.color.toUpperCase(), queue.name]));
}

/** A colour the other queues have not taken: a new queue's is the first free preset. */
const colorField: EntityField<Queue, { color: typeof createQueueBody.shape.color }> = {
  shape: { color: createQueueBody.shape.color },
  initial: (queue, others) => ({ color: queue?.color.toUpperCase() ?? queueColorPresets.find((color) => !takenColors(others).has(color)) ?? "" }),
  Field: ({ form, others }) => (
    <Controller
      control={form.control}
      name="color"
      render={({ field, fieldState }) => (
        <ColorMenuField {...fieldBinding(field)} buttonRef={field.ref} takenBy={takenColors(others)} error={fieldState.invalid} />
      )}
    />
  ),
};

const membersField: EntityField<Queue, { members: z.ZodArray<typeof userRef> }> = {
  shape: { members: z.array(userRef) },
  initial: (queue) => ({ members: queue?.users ?? [] }),
  Field: ({ form }) => <Controller control={form.control} name="members" render={({ field }) => <MembersField {...fieldBinding(field)} />} />,
};

/** Name, colour, greeting, members, assignment mode, opening hours, SLA targets and the assistant switch of a queue (spec §2, §5, issue 30); the members are sent by id. */
const form = entityForm(
  [
    nameField(createQueueBody.shape.name),
    colorField,
    textField("greetingMessage", createQueueBody.shape.greetingMessage, { label: "queues.greeting", hint: "queues.greetingHint" }, [3, 10]),
    membersField,
    assignmentField,
    businessHoursField,
    slaField,
    // On by default: the admin turns the assistant off for a queue whose conversations must not reach the AI server (decision 0094).
    switchField("assistantEnabled", { label: "queues.assistant", hint: "queues.assistantHint" }, "switch", true),
  ],
  {
    toBody: ({ members, slaFirstResponse, slaResolution, ...values }) => ({
      ...values,
      userIds: members.map((member) => member.id),
      sla: slaOf({ slaFirstResponse, slaResolution }),
    }),
  },
);

/** /queues/new and /queues/edit/:id: saving returns to /queues with a success toast (spec §2). */
export function QueueFormPage() {
  return <EntityFormPage entity={queuesEntity} {...form} withOthers />;
}
