import { limits, type Contact } from "@atendo/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import DialogContent from "@mui/material/DialogContent";
import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DialogForm } from "../../../components/dialog-form";
import { DialogSubmitActions } from "../../../components/dialog-submit-actions";
import { textFieldProps } from "../../../lib/form";
import { toast } from "../../../lib/toast";
import { useCreateContact, useUpdateContact } from "../hooks/use-contacts";
import {
  contactFormDefaults,
  contactFormSchema,
  type ContactFormInput,
  type ContactFormValues,
} from "./contact-form.schema";
import { ExtraInfoFields } from "./extra-info-fields";

interface ContactFormProps {
  contact?: Contact;
  onClose: () => void;
}

/** Name, number, email and extra information of a contact. */
export function ContactForm({ contact, onClose }: ContactFormProps) {
  const { t } = useTranslation();
  const create = useCreateContact();
  const update = useUpdateContact(contact?.id ?? 0);
  const form = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema(contact ? "edit" : "create")),
    mode: "onTouched",
    defaultValues: contactFormDefaults(contact),
  });
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;
  const { min, max } = limits.contactNumber;

  const submit = handleSubmit((values) => {
    const onSuccess = () => {
      toast.success(t("contacts.saved"));
      onClose();
    };
    if (contact) update.mutate(values, { onSuccess });
    else create.mutate(values, { onSuccess });
  });

  return (
    <DialogForm onSubmit={submit}>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            label={t("contacts.name")}
            required
            autoFocus={!contact}
            autoComplete="off"
            error={Boolean(errors.name)}
            helperText={t("validation.length", limits.name)}
            {...textFieldProps(register("name"))}
          />
          <TextField
            label={t("contacts.number")}
            required
            autoComplete="off"
            error={Boolean(errors.number)}
            helperText={contact ? t("contacts.numberHintEdit", { min, max }) : t("contacts.numberHint", { min, max })}
            slotProps={{ htmlInput: { inputMode: contact ? "tel" : "numeric" } }}
            {...textFieldProps(register("number"))}
          />
          <TextField
            label={t("contacts.email")}
            type="email"
            autoComplete="off"
            error={Boolean(errors.email)}
            helperText={errors.email ? t("validation.email") : t("contacts.emailHint")}
            {...textFieldProps(register("email"))}
          />
          <Divider />
          <ExtraInfoFields form={form} />
        </Stack>
      </DialogContent>
      <DialogSubmitActions label={t("common.save")} onCancel={onClose} pending={create.isPending || update.isPending} />
    </DialogForm>
  );
}
