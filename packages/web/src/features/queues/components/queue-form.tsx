import { businessHoursFields, createQueueBody, limits, queueColorPresets, userRef, type Queue } from "@atendo/contracts";
import { Controller } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { z } from "zod";
import { BusinessHoursFields } from "../../../components/business-hours-fields";
import { CardForm } from "../../../components/form-card-actions";
import { FormNameField, FormTextField } from "../../../components/form-text-field";
import { fieldBinding, useContractForm } from "../../../lib/form";
import { paths } from "../../../lib/paths";
import { ColorMenuField } from "./color-menu-field";
import { MembersField } from "./members-field";

const schema = z.object({
  name: createQueueBody.shape.name,
  color: createQueueBody.shape.color,
  greetingMessage: createQueueBody.shape.greetingMessage,
  members: z.array(userRef),
  ...businessHoursFields,
});

export type QueueFormValues = z.output<typeof schema>;

interface QueueFormProps {
  queue?: Queue;
  /** Colours of the other queues, with their names. */
  takenBy: ReadonlyMap<string, string>;
  saving: boolean;
  onSubmit: (values: QueueFormValues) => void;
}

/** Name, colour, greeting, members and opening hours of a queue (spec §2, §5). */
export function QueueForm({ queue, takenBy, saving, onSubmit }: QueueFormProps) {
  const { t } = useTranslation();
  const firstFree = queueColorPresets.find((color) => !takenBy.has(color)) ?? "";
  const form = useContractForm(schema, {
    name: queue?.name ?? "",
    color: queue?.color.toUpperCase() ?? firstFree,
    greetingMessage: queue?.greetingMessage ?? "",
    members: queue?.users ?? [],
    businessHours: queue?.businessHours ?? null,
    outOfHoursMessage: queue?.outOfHoursMessage ?? "",
  });
  const { handleSubmit, control, formState } = form;
  const { errors } = formState;

  return (
    <CardForm onSubmit={handleSubmit(onSubmit)} cancelTo={paths.queues} saving={saving}>
      <FormNameField form={form} label={t("queues.name")} autoFocus={!queue} />
      <Controller
        control={control}
        name="color"
        render={({ field }) => (
          <ColorMenuField
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            buttonRef={field.ref}
            takenBy={takenBy}
            error={Boolean(errors.color)}
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
      <Controller
        control={control}
        name="members"
        render={({ field }) => <MembersField {...fieldBinding(field)} />}
      />
      <BusinessHoursFields form={form} />
    </CardForm>
  );
}
