import type { Announcement } from "@atendo/contracts";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { AdminTable, ellipsis, RowName, useCompactTable, type RecordTableProps } from "../../../components/admin-table";
import { useDestinationNames } from "../../../lib/destinations";

interface AnnouncementsTableProps extends RecordTableProps<Announcement> {
  announcements: readonly Announcement[];
}

/** Name, truncated text and where the conversation goes next; on narrow screens all under the name. */
export function AnnouncementsTable({ announcements, onEdit, onDelete }: AnnouncementsTableProps) {
  const { t } = useTranslation();
  const compact = useCompactTable();
  const nameOf = useDestinationNames(announcements.map((announcement) => announcement.destination));
  const destination = ({ destination }: Announcement) =>
    `${t(`destinations.kinds.${destination.destinationType}`)} · ${nameOf(destination) ?? `#${destination.destinationTypeId}`}`;

  return (
    <AdminTable
      rows={announcements}
      columns={[
        {
          header: t("announcements.name"),
          width: compact ? undefined : "25%",
          cell: (announcement) => (
            <>
              <RowName>{announcement.name}</RowName>
              {compact && (
                <>
                  <Typography variant="body2" color="text.secondary" sx={ellipsis}>
                    {announcement.description}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ ...ellipsis, display: "block" }}>
                    {t("announcements.thenTo", { destination: destination(announcement) })}
                  </Typography>
                </>
              )}
            </>
          ),
        },
        !compact && { header: t("announcements.description"), cellSx: ellipsis, cellTitle: (announcement) => announcement.description, cell: (announcement) => announcement.description },
        !compact && { header: t("announcements.destination"), width: "25%", cellSx: ellipsis, cell: destination },
      ]}
      actionsWidth={104}
      actionLabels={(announcement) => ({
        edit: t("announcements.edit", { name: announcement.name }),
        delete: t("announcements.delete", { name: announcement.name }),
      })}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}
