import { createQuickAnswerBody, limits, type QuickAnswer } from "@atendo/contracts";
import DialogContent from "@mui/material/DialogContent";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import { useWatch } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { CountedTextField } from "../../../components/counted-text-field";
import { DialogForm } from "../../../components/dialog-form";
import { DialogSubmitActions } from "../../../components/dialog-submit-actions";
import { FormTextField } from "../../../components/form-text-field";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { toast } from "../../../lib/toast";
import { useSaveQuickAnswer } from "../hooks/use-quick-answers";
import { useContractForm } from "../../../lib/form";

interface QuickAnswerDialogProps {
  open: boolean;
  /** The answer being edited; null for a new one. */
  answer: QuickAnswer | null;
  onClose: () => void;
}

/** Add or edit a quick answer: shortcut 2–15, message 8–30000 (spec §5). */
export function QuickAnswerDialog({ open, answer, onClose }: QuickAnswerDialogProps) {
  const { t } = useTranslation();
  return (
    <ResponsiveDialog open={open} onClose={onClose} title={answer ? t("quickAnswers.editTitle") : t("quickAnswers.newTitle")}>
      {open && <QuickAnswerForm key={answer?.id ?? "new"} answer={answer} onClose={onClose} />}
    </ResponsiveDialog>
  );
}

function QuickAnswerForm({ answer, onClose }: { answer: QuickAnswer | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useSaveQuickAnswer(answer?.id ?? null);
  const form = useContractForm(createQuickAnswerBody, { shortcut: answer?.shortcut ?? "", message: answer?.message ?? "" });
  const { register, handleSubmit, control, formState } = form;
  const message = useWatch({ control, name: "message" });

  const submit = handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: () => {
        toast.success(t("quickAnswers.saved"));
        onClose();
      },
    });
  });

  return (
    <DialogForm onSubmit={submit}>
      <DialogContent dividers>
        <Stack spacing={2}>
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
        </Stack>
      </DialogContent>
      <DialogSubmitActions label={t("common.save")} onCancel={onClose} pending={mutation.isPending} lockCancelWhilePending />
    </DialogForm>
  );
}
