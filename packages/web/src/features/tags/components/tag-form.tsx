import { createTagBody, limits, queueColorPresets, type Tag } from "@atendo/contracts";
import { Controller } from "react-hook-form";
import { EntityDialogForm } from "../../../components/entity-dialog";
import { FormTextField } from "../../../components/form-text-field";
import { fieldBinding, useContractForm } from "../../../lib/form";
import { useTranslation } from "../../../lib/i18n";
import { savedAndClose } from "../../../lib/use-saved-and-back";
import { ColorMenuField } from "../../queues";
import { tagsResource } from "../api/tags.queries";

/** No colour is reserved: tags may share one, unlike queues. */
const noneTaken: ReadonlyMap<string, string> = new Map();

/**
 * Add or edit a tag: its name (1–30, unique regardless of case) and its colour from the queue
 * form's 18 presets. `nextColor` is a new tag's first colour.
 */
export function TagForm({ tag, nextColor, onClose }: { tag: Tag | null; nextColor: string; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = tagsResource.useSave(tag?.id);
  const form = useContractForm(createTagBody, { name: tag?.name ?? "", color: tag?.color.toUpperCase() ?? nextColor ?? queueColorPresets[0] });
  const submit = form.handleSubmit((values) => mutation.mutate(values, { onSuccess: savedAndClose(t("tags.saved"), onClose) }));

  return (
    <EntityDialogForm onSubmit={submit} onCancel={onClose} pending={mutation.isPending} lockCancelWhilePending>
      <FormTextField
        form={form}
        name="name"
        label={t("tags.name")}
        required
        autoFocus
        autoComplete="off"
        helperText={t("validation.length", limits.tagName)}
        slotProps={{ htmlInput: { maxLength: limits.tagName.max } }}
      />
      <Controller
        control={form.control}
        name="color"
        render={({ field, fieldState }) => <ColorMenuField {...fieldBinding(field)} buttonRef={field.ref} takenBy={noneTaken} error={fieldState.invalid} />}
      />
    </EntityDialogForm>
  );
}
