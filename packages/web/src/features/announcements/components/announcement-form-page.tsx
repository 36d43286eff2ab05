import { createAnnouncementBody, limits, type Announcement } from "@atendo/contracts";
import { z } from "zod";
import { useTranslation } from "../../../lib/i18n";
import { DestinationFields } from "../../../components/destination-fields";
import { EntityFormPage, type EntityFieldsOf } from "../../../components/entity-form-page";
import { FormTextField } from "../../../components/form-text-field";
import { destinationFormFields, destinationFormValues } from "../../../lib/destinations";
import { announcementsEntity } from "../api/announcements.queries";

const schema = z.object({
  name: createAnnouncementBody.shape.name,
  description: createAnnouncementBody.shape.description,
  destinationType: destinationFormFields.type,
  destinationItem: destinationFormFields.item,
});

function defaults(announcement: Announcement | undefined) {
  const destination = destinationFormValues(announcement?.destination);
  return { name: announcement?.name ?? "", description: announcement?.description ?? "", destinationType: destination.type, destinationItem: destination.item };
}

/** /announcements/new and /announcements/edit/:id: saving returns to the list with a toast (spec §8). */
export function AnnouncementFormPage() {
  return <EntityFormPage entity={announcementsEntity} schema={schema} defaults={defaults} toBody={(values) => values} Fields={AnnouncementFields} />;
}

/** Name, the text sent to the customer, and where the conversation goes next (spec §2, §5). */
function AnnouncementFields({ form, nameField, record: announcement }: EntityFieldsOf<Announcement, typeof schema>) {
  const { t } = useTranslation();
  return (
    <>
      {nameField}
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
        form={form}
        typeName="destinationType"
        itemName="destinationItem"
        self={announcement && { type: "announcements", id: announcement.id }}
      />
    </>
  );
}
