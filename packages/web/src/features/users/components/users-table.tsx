import type { User } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { AdminTable, type RecordTableProps, ellipsis, RowName, useCompactTable } from "../../../components/admin-table";
import { QueueChip } from "../../../components/queue-chip";

interface UsersTableProps extends RecordTableProps<User> {
  users: readonly User[];
}

function QueueChips({ user }: { user: User }) {
  if (user.queues.length === 0) return null;
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
      {user.queues.map((queue) => (
        <QueueChip key={queue.id} name={queue.name} color={queue.color} />
      ))}
    </Box>
  );
}

/** Name, email, profile, extension, queues and actions; narrow screens stack them under the name. */
export function UsersTable({ users, onEdit, onDelete }: UsersTableProps) {
  const { t } = useTranslation();
  const compact = useCompactTable("lg");
  const profileChip = (user: User) => (
    <Chip
      size="small"
      variant={user.profile === "admin" ? "filled" : "outlined"}
      color={user.profile === "admin" ? "secondary" : "default"}
      label={t(`profile.profiles.${user.profile}`)}
    />
  );
  return (
    <AdminTable
      rows={users}
      columns={[
        {
          header: t("users.name"),
          width: compact ? undefined : "21%",
          cell: (user) => (
            <>
              <RowName>{user.name}</RowName>
              {compact && (
                <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5, mt: 0.25 }}>
                  <Typography variant="body2" color="text.secondary" sx={ellipsis}>
                    {user.email}
                    {user.extension && ` · ${t("users.extensionShort", { extension: user.extension })}`}
                  </Typography>
                  <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
                    {profileChip(user)}
                    {user.queues.map((queue) => (
                      <QueueChip key={queue.id} name={queue.name} color={queue.color} />
                    ))}
                  </Box>
                </Box>
              )}
            </>
          ),
        },
        !compact && { header: t("users.email"), width: "27%", cellSx: ellipsis, cell: (user) => user.email },
        !compact && { header: t("users.profile"), width: 140, cell: profileChip },
        !compact && { header: t("users.extension"), width: 90, cell: (user) => user.extension ?? "—" },
        !compact && { header: t("users.queues"), cell: (user) => <QueueChips user={user} /> },
      ]}
      actionsWidth={104}
      actionLabels={(user) => ({ edit: t("users.edit", { name: user.name }), delete: t("users.delete", { name: user.name }) })}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}
