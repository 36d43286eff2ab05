import type { User } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import { useTheme } from "@mui/material/styles";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTranslation } from "react-i18next";
import { QueueChip } from "../../../components/queue-chip";
import { RowActions } from "../../../components/row-actions";

interface UsersTableProps {
  users: readonly User[];
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

const ellipsis = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } as const;

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
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down("lg"));
  const profileChip = (user: User) => (
    <Chip
      size="small"
      variant={user.profile === "admin" ? "filled" : "outlined"}
      color={user.profile === "admin" ? "secondary" : "default"}
      label={t(`profile.profiles.${user.profile}`)}
    />
  );
  return (
    <Table stickyHeader size="small" sx={{ tableLayout: "fixed" }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: compact ? undefined : "21%" }}>{t("users.name")}</TableCell>
          {!compact && <TableCell sx={{ width: "27%" }}>{t("users.email")}</TableCell>}
          {!compact && <TableCell sx={{ width: 140 }}>{t("users.profile")}</TableCell>}
          {!compact && <TableCell sx={{ width: 90 }}>{t("users.extension")}</TableCell>}
          {!compact && <TableCell>{t("users.queues")}</TableCell>}
          <TableCell align="right" sx={{ width: 104 }}>
            {t("common.actions")}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id} hover>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 600, ...ellipsis }}>
                {user.name}
              </Typography>
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
            </TableCell>
            {!compact && <TableCell sx={ellipsis}>{user.email}</TableCell>}
            {!compact && <TableCell>{profileChip(user)}</TableCell>}
            {!compact && <TableCell>{user.extension ?? "—"}</TableCell>}
            {!compact && (
              <TableCell>
                <QueueChips user={user} />
              </TableCell>
            )}
            <TableCell align="right">
              <RowActions
                editLabel={t("users.edit", { name: user.name })}
                deleteLabel={t("users.delete", { name: user.name })}
                onEdit={() => onEdit(user)}
                onDelete={() => onDelete(user)}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
