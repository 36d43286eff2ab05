import { limits, type Contact } from "@atendo/contracts";
import Divider from "@mui/material/Divider";
import { useTranslation } from "../../../lib/i18n";
import { EntityDialogForm } from "../../../components/entity-dialog";
import { FormEmailField, FormNameField, FormTextField } from "../../../components/form-text-field";
import { useContractForm } from "../../../lib/form";
import { savedAndClose } from "../../../lib/use-saved-and-back";
import { useCreateContact, useUpdateContact } from "../hooks/use-contacts";
import { contactFormDefaults, contactFormSchema } from "./contact-form.schema";
import { ExtraInfoFields } from "./extra-info-fields";
import { OptedOutNotice } from "./opt-out";
import { contactNumberText, isPhoneNumber } from "../../../lib/contact-number";

interface ContactFormProps {
  contact?: Contact;
  onClose: () => void;
}

/** Name, number, email and extra information of a contact. */
export function ContactForm({ contact, onClose }: ContactFormProps) {
  const { t } = useTranslation();
  const create = useCreateContact();
  const update = useUpdateContact(contact?.id ?? 0);
  const form = useContractForm(contactFormSchema(), contactFormDefaults(contact));
  const { handleSubmit } = form;
  const { min, max } = limits.contactNumber;
  const identity = contact ? !isPhoneNumber(contact.number) : false;

  const submit = handleSubmit((values) => {
    const onSuccess = savedAndClose(t("contacts.saved"), onClose);
    if (contact) update.mutate(values, { onSuccess });
    else create.mutate(values, { onSuccess });
  });

  return (
    <EntityDialogForm onSubmit={submit} onCancel={onClose} pending={create.isPending || update.isPending}>
      {contact && <OptedOutNotice contact={contact} />}
      <FormNameField form={form} label={t("contacts.name")} autoFocus={!contact} autoComplete="off" />
      <FormTextField
        form={form}
        name="number"
        label={t("contacts.number")}
        required
        autoComplete="off"
        // A Telegram chat's or a website visitor's identity (decision 0088) names the conversation: not edited.
        helperText={identity ? t("channels.identityHint", { channel: contactNumberText(contact!.number, t) }) : t("contacts.numberHint", { min, max })}
        slotProps={{ htmlInput: { inputMode: "tel", readOnly: identity } }}
      />
      <FormEmailField form={form} label={t("contacts.email")} autoComplete="off" helperText={t("contacts.emailHint")} />
      <Divider />
      <ExtraInfoFields form={form} />
    </EntityDialogForm>
  );
}
