import { createAnnouncementBody, limits, type Announcement } from "@atendo/contracts";
import { useTranslation } from "../../../lib/i18n";
import { z } from "zod";
import { DestinationFields } from "../../../components/destination-fields";
import { CardForm } from "../../../components/form-card-actions";
import { FormNameField, FormTextField, lengthOf } from "../../../components/form-text-field";
import { destinationFormFields, destinationFormValues } from "../../../lib/destinations";
import { useContractForm } from "../../../lib/form";
import { paths } from "../../../lib/paths";

const schema = z.object({
  name: createAnnouncementBody.shape.name,
  description: createAnnouncementBody.shape.description,
  destinationType: destinationFormFields.type,
  destinationItem: destinationFormFields.item,
});

export type AnnouncementFormValues = z.output<typeof schema>;

interface AnnouncementFormProps {
  announcement?: Announcement;
  saving: boolean;
  onSubmit: (values: AnnouncementFormValues) => void;
}

/** Name, the text sent to the customer, and where the conversation goes next (spec §2, §5). */
export function AnnouncementForm({ announcement, saving, onSubmit }: AnnouncementFormProps) {
  const { t } = useTranslation();
  const destination = destinationFormValues(announcement?.destination);
  const form = useContractForm(schema, {
    name: announcement?.name ?? "",
    description: announcement?.description ?? "",
    destinationType: destination.type,
    destinationItem: destination.item,
  });
  const { handleSubmit, control, setValue, formState } = form;

  return (
    <CardForm onSubmit={handleSubmit(onSubmit)} cancelTo={paths.announcements} saving={saving}>
      <FormNameField form={form} label={t("announcements.name")} length={lengthOf(createAnnouncementBody.shape.name)} autoFocus={!announcement} />
      <FormTextField
        form={form}
        name="description"
        label={t("announcements.description")}
        required
        multiline
        minRows={3}
        maxRows={12}
        helperText={t("announcements.descriptionHint")}
        errorText={t("announcements.descriptionRequired")}
        slotProps={{ htmlInput: { maxLength: limits.announcementMax } }}
      />
      <DestinationFields
        control={control}
        setValue={setValue}
        typeName="destinationType"
        itemName="destinationItem"
        typeError={Boolean(formState.errors.destinationType)}
        itemError={Boolean(formState.errors.destinationItem)}
        self={announcement && { type: "announcements", id: announcement.id }}
      />
    </CardForm>
  );
}
