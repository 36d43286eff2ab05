import { limits, type Contact } from "@atendo/contracts";
import DialogContent from "@mui/material/DialogContent";
import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import { useTranslation } from "../../../lib/i18n";
import { DialogForm } from "../../../components/dialog-form";
import { DialogSubmitActions } from "../../../components/dialog-submit-actions";
import { FormNameField, FormTextField } from "../../../components/form-text-field";
import { toast } from "../../../lib/toast";
import { useCreateContact, useUpdateContact } from "../hooks/use-contacts";
import {
  contactFormDefaults,
  contactFormSchema,
} from "./contact-form.schema";
import { ExtraInfoFields } from "./extra-info-fields";
import { useContractForm } from "../../../lib/form";

interface ContactFormProps {
  contact?: Contact;
  onClose: () => void;
}

/** Name, number, email and extra information of a contact. */
export function ContactForm({ contact, onClose }: ContactFormProps) {
  const { t } = useTranslation();
  const create = useCreateContact();
  const update = useUpdateContact(contact?.id ?? 0);
  const form = useContractForm(contactFormSchema(contact ? "edit" : "create"), contactFormDefaults(contact));
  const { handleSubmit } = form;
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
          <FormNameField form={form} label={t("contacts.name")} autoFocus={!contact} autoComplete="off" />
          <FormTextField
            form={form}
            name="number"
            label={t("contacts.number")}
            required
            autoComplete="off"
            helperText={contact ? t("contacts.numberHintEdit", { min, max }) : t("contacts.numberHint", { min, max })}
            slotProps={{ htmlInput: { inputMode: contact ? "tel" : "numeric" } }}
          />
          <FormTextField
            form={form}
            name="email"
            label={t("contacts.email")}
            type="email"
            autoComplete="off"
            helperText={t("contacts.emailHint")}
            errorText={t("validation.email")}
          />
          <Divider />
          <ExtraInfoFields form={form} />
        </Stack>
      </DialogContent>
      <DialogSubmitActions label={t("common.save")} onCancel={onClose} pending={create.isPending || update.isPending} />
    </DialogForm>
  );
}
