import { feedbackBody, feedbackTypes, limits, type FeedbackBody } from "@atendo/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { DialogSubmitActions } from "../../../components/dialog-submit-actions";
import { selectFieldProps, textFieldProps } from "../../../lib/form";
import { useSendFeedback } from "../hooks/use-send-feedback";

type FormInput = z.input<typeof feedbackBody>;

interface FeedbackFormProps {
  defaultName: string;
  onClose: () => void;
}

export function FeedbackForm({ defaultName, onClose }: FeedbackFormProps) {
  const { t } = useTranslation();
  const mutation = useSendFeedback(onClose);
  const { register, handleSubmit, control, formState } = useForm<FormInput, unknown, FeedbackBody>({
    resolver: zodResolver(feedbackBody),
    mode: "onTouched",
    defaultValues: { name: defaultName, type: "BUG", message: "" },
  });
  const message = useWatch({ control, name: "message" });
  const { errors } = formState;
  const length = message.trim().length;
  const { min, max } = limits.feedbackMessage;

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
          <TextField
            label={t("feedback.message")}
            required
            multiline
            minRows={5}
            maxRows={12}
            error={Boolean(errors.message)}
            helperText={`${t("validation.length", { min, max })} · ${t("feedback.counter", { current: length, max })}`}
            slotProps={{ htmlInput: { maxLength: max } }}
            {...textFieldProps(register("message"))}
          />
        </Stack>
      </DialogContent>
      <DialogSubmitActions label={t("feedback.send")} onCancel={onClose} pending={mutation.isPending} disabled={length < min} />
    </form>
  );
}
