import { feedbackBody, feedbackTypes, limits } from "@atendo/contracts";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { Controller, useWatch } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { CountedTextField } from "../../../components/counted-text-field";
import { DialogSubmitActions } from "../../../components/dialog-submit-actions";
import { selectFieldProps, textFieldProps, useContractForm } from "../../../lib/form";
import { useSendFeedback, type FeedbackOutcome } from "../hooks/use-send-feedback";

interface FeedbackFormProps {
  defaultName: string;
  onSent: (outcome: FeedbackOutcome) => void;
  onClose: () => void;
}

export function FeedbackForm({ defaultName, onSent, onClose }: FeedbackFormProps) {
  const { t } = useTranslation();
  const mutation = useSendFeedback(onSent);
  const { register, handleSubmit, control, formState } = useContractForm(feedbackBody, { name: defaultName, type: "BUG", message: "" });
  const message = useWatch({ control, name: "message" });
  const { errors } = formState;
  const length = message.trim().length;
  const { min } = limits.feedbackMessage;

  return (
    <form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))}>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>{t("feedback.intro")}</DialogContentText>
        <Stack spacing={2}>
          <TextField label={t("feedback.name")} autoComplete="name" {...textFieldProps(register("name"))} />
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <TextField select required label={t("feedback.type")} {...selectFieldProps(field)}>
                {feedbackTypes.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`feedback.types.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <CountedTextField
            label={t("feedback.message")}
            limit={limits.feedbackMessage}
            length={length}
            minRows={5}
            error={Boolean(errors.message)}
            registration={register("message")}
          />
        </Stack>
      </DialogContent>
      <DialogSubmitActions label={t("feedback.send")} onCancel={onClose} pending={mutation.isPending} disabled={length < min} />
    </form>
  );
}
