import { createQuickAnswerBody, limits, type QuickAnswer } from "@atendo/contracts";
import InputAdornment from "@mui/material/InputAdornment";
import { useWatch } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { CountedTextField } from "../../../components/counted-text-field";
import { EntityDialogForm } from "../../../components/entity-dialog";
import { FormTextField } from "../../../components/form-text-field";
import { useContractForm } from "../../../lib/form";
import { savedAndClose } from "../../../lib/use-saved-and-back";
import { useSaveQuickAnswer } from "../hooks/use-quick-answers";

/** Add or edit a quick answer: shortcut 2–15, message 8–30000 (spec §5). */
export function QuickAnswerForm({ answer, onClose }: { answer: QuickAnswer | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useSaveQuickAnswer(answer?.id ?? null);
  const form = useContractForm(createQuickAnswerBody, { shortcut: answer?.shortcut ?? "", message: answer?.message ?? "" });
  const { register, handleSubmit, control, formState } = form;
  const message = useWatch({ control, name: "message" });
  const submit = handleSubmit((values) => mutation.mutate(values, { onSuccess: savedAndClose(t("quickAnswers.saved"), onClose) }));

  return (
    <EntityDialogForm onSubmit={submit} onCancel={onClose} pending={mutation.isPending} lockCancelWhilePending>
      <FormTextField
        form={form}
        name="shortcut"
        label={t("quickAnswers.shortcut")}
        required
        autoFocus
        autoComplete="off"
        helperText={`${t("validation.length", limits.quickAnswerShortcut)} ${t("quickAnswers.shortcutHint")}`}
        slotProps={{
          htmlInput: { maxLength: limits.quickAnswerShortcut.max },
          input: { startAdornment: <InputAdornment position="start">/</InputAdornment> },
        }}
      />
      <CountedTextField
        label={t("quickAnswers.message")}
        limit={limits.quickAnswerMessage}
        length={message.trim().length}
        minRows={4}
        error={Boolean(formState.errors.message)}
        registration={register("message")}
      />
    </EntityDialogForm>
  );
}
