import type { User } from "@atendo/contracts";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import { Outlet, useNavigate } from "react-router";
import { useTranslation } from "../../../lib/i18n";
import { UserPresenceDot } from "../../../components/presence-dot";
import { nameColumn, RowDetail, textColumn, useCompactTable } from "../../../components/admin-table";
import { EntityListPage, type EntityColumns } from "../../../components/entity-list-page";
import { QueueChip } from "../../../components/queue-chip";
import { recordPages } from "../../../lib/paths";
import { useSearchedList } from "../../../lib/use-searched-list";
import { usersListQueryOptions } from "../api/users.queries";
import { useDeleteUser, useUsersLive } from "../hooks/use-users";

function ProfileChip({ user }: { user: User }) {
  const { t } = useTranslation();
  const color = ({ admin: "secondary", supervisor: "primary", user: "default" } as const)[user.profile];
  return <Chip size="small" variant={user.profile === "user" ? "outlined" : "filled"} color={color} label={t(`profile.profiles.${user.profile}`)} />;
}

function QueueChips({ user }: { user: User }) {
  return user.queues.map((queue) => <QueueChip key={queue.id} name={queue.name} color={queue.color} />);
}

const chipRow = { display: "flex", flexWrap: "wrap", gap: 0.5 } as const;

/** Name, email, profile, extension and queues; narrow screens stack them under the name. */
function useColumns(): EntityColumns<User> {
  const { t } = useTranslation();
  const compact = useCompactTable("lg");
  return [
    nameColumn(t("users.name"), {
      width: compact ? undefined : "21%",
      lead: (user) => <UserPresenceDot userId={user.id} presence={user.presence} />,
      details: (user) =>
        compact && (
          <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5, mt: 0.25 }}>
            <RowDetail>
              {user.email}
              {user.extension && ` · ${t("users.extensionShort", { extension: user.extension })}`}
            </RowDetail>
            <Box sx={chipRow}>
              <ProfileChip user={user} />
              <QueueChips user={user} />
            </Box>
          </Box>
        ),
    }),
    !compact && textColumn(t("users.email"), (user) => user.email, { width: "27%" }),
    !compact && { header: t("users.profile"), width: 140, cell: (user) => <ProfileChip user={user} /> },
    !compact && { header: t("users.extension"), width: 90, cell: (user) => user.extension ?? "—" },
    !compact && {
      header: t("users.queues"),
      cell: (user) =>
        user.queues.length > 0 && (
          <Box sx={chipRow}>
            <QueueChips user={user} />
          </Box>
        ),
    },
  ];
}

/** /users (admins): searchable, infinitely scrolling table; /users/new and /users/edit/:id open the modal over it. */
export function UsersPage() {
  const navigate = useNavigate();
  const list = useSearchedList(usersListQueryOptions, "users");
  const deletion = useDeleteUser();
  useUsersLive();

  return (
    <EntityListPage
      texts="users"
      title="pages.users"
      list={list}
      add={recordPages.users.create}
      addIcon={<PersonAddIcon />}
      useColumns={useColumns}
      onEdit={(user) => void navigate(recordPages.users.edit.href(user.id))}
      deletion={deletion}
    >
      <Outlet />
    </EntityListPage>
  );
}
