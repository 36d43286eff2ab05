import type { Announcement } from "@atendo/contracts";
import { useTranslation } from "../../../lib/i18n";
import { nameColumn, RowCaption, RowDetail, textColumn, useCompactTable } from "../../../components/admin-table";
import { AdminEntityPage, type EntityColumns } from "../../../components/entity-list-page";
import { useDestinationNames } from "../../../lib/destinations";
import { announcementsEntity } from "../api/announcements.queries";

/** Name, truncated text and where the conversation goes next; on narrow screens all under the name. */
function useColumns(announcements: readonly Announcement[]): EntityColumns<Announcement> {
  const { t } = useTranslation();
  const compact = useCompactTable();
  const nameOf = useDestinationNames(announcements.map((announcement) => announcement.destination));
  const destination = ({ destination }: Announcement) =>
    `${t(`destinations.kinds.${destination.destinationType}`)} · ${nameOf(destination) ?? `#${destination.destinationTypeId}`}`;
  return [
    nameColumn(t("announcements.name"), {
      width: compact ? undefined : "25%",
      details: (announcement) =>
        compact && (
          <>
            <RowDetail>{announcement.description}</RowDetail>
            <RowCaption>{t("announcements.thenTo", { destination: destination(announcement) })}</RowCaption>
          </>
        ),
    }),
    !compact && textColumn(t("announcements.description"), (announcement) => announcement.description, { titled: true }),
    !compact && textColumn(t("announcements.destination"), destination, { width: "25%" }),
  ];
}

/** /announcements: texts sent to customers before their conversation goes on (admins). */
export function AnnouncementsPage() {
  return <AdminEntityPage entity={announcementsEntity} useColumns={useColumns} />;
}
