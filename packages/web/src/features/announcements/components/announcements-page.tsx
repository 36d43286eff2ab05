import { useTranslation } from "../../../lib/i18n";
import { AdminListPage } from "../../../components/admin-list-page";
import { paths } from "../../../lib/paths";
import { useAnnouncements, useAnnouncementsLive, useDeleteAnnouncement } from "../hooks/use-announcements";
import { AnnouncementsTable } from "./announcements-table";

/** /announcements: texts sent to customers before their conversation goes on (admins). */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const query = useAnnouncements({ silent: true });
  const deletion = useDeleteAnnouncement();
  useAnnouncementsLive();

  return (
    <AdminListPage
      title={t("pages.announcements")}
      addLabel={t("announcements.add")}
      newPath={paths.newAnnouncement}
      editPath={paths.editAnnouncement.href}
      query={query}
      emptyText={t("announcements.empty")}
      deletion={deletion}
      deleteTitle={(announcement) => t("announcements.deleteTitle", { name: announcement.name })}
      deleteText={t("announcements.deleteText")}
      deletedMessage={t("announcements.deleted")}
      table={(announcements, actions) => <AnnouncementsTable announcements={announcements} {...actions} />}
    />
  );
}
