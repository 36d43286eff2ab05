import { useTranslation } from "../../../lib/i18n";
import { FormPage } from "../../../components/form-page";
import { paths } from "../../../lib/paths";
import { useIdParam } from "../../../lib/use-id-param";
import { useSavedAndBack } from "../../../lib/use-saved-and-back";
import { useEditedAnnouncement, useSaveAnnouncement } from "../hooks/use-announcements";
import { AnnouncementForm } from "./announcement-form";

/** /announcements/new and /announcements/edit/:id: saving returns to the list with a toast (spec §8). */
export function AnnouncementFormPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const editing = useEditedAnnouncement(id);
  const mutation = useSaveAnnouncement(id);
  const saved = useSavedAndBack(t("announcements.saved"), paths.announcements);

  return (
    <FormPage title={t(id ? "announcements.editTitle" : "announcements.newTitle")} queries={editing.queries} ready={editing.ready}>
      {editing.ready && (
        <AnnouncementForm
          announcement={editing.record}
          saving={mutation.isPending}
          onSubmit={(values) => mutation.mutate(values, { onSuccess: saved })}
        />
      )}
    </FormPage>
  );
}
