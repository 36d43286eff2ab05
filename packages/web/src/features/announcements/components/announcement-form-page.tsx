import { createAnnouncementBody, type Announcement } from "@atendo/contracts";
import { destinationField, entityForm, nameField, textField } from "../../../components/entity-fields";
import { EntityFormPage } from "../../../components/entity-form-page";
import { announcementsEntity } from "../api/announcements.queries";

/** Name, the text sent to the customer, and where the conversation goes next (spec §2, §5). */
const form = entityForm([
  nameField(createAnnouncementBody.shape.name),
  textField(
    "description",
    createAnnouncementBody.shape.description,
    { label: "announcements.description", hint: "announcements.descriptionHint", invalid: "announcements.descriptionRequired" },
    [3, 12],
  ),
  destinationField((announcement: Announcement) => announcement.destination, "announcements"),
]);

/** /announcements/new and /announcements/edit/:id: saving returns to the list with a toast (spec §8). */
export function AnnouncementFormPage() {
  return <EntityFormPage entity={announcementsEntity} {...form} />;
}
