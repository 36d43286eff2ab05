import type { User } from "@atendo/contracts";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import { useTranslation } from "../../../lib/i18n";
import { Outlet, useNavigate } from "react-router";
import { AddButton } from "../../../components/add-button";
import { ConfirmDeleteDialog } from "../../../components/confirm-dialog";
import { ListPage } from "../../../components/list-page";
import { ListToolbar } from "../../../components/list-toolbar";
import { SearchField } from "../../../components/search-field";
import { paths } from "../../../lib/paths";
import { useDialogTarget } from "../../../lib/use-dialog-target";
import { useSearchedList } from "../../../lib/use-searched-list";
import { usersListQueryOptions } from "../api/users.queries";
import { useDeleteUser, useUsersLive } from "../hooks/use-users";
import { UsersTable } from "./users-table";

/** /users (admins): searchable, infinitely scrolling table; /users/new and /users/edit/:id open the modal over it. */
export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useSearchedList(usersListQueryOptions, "users");
  const deletion = useDeleteUser();
  const confirm = useDialogTarget<User>();
  useUsersLive();

  return (
    <ListPage
      title={t("pages.users")}
      actions={
        <ListToolbar>
          <SearchField label={t("users.search")} value={list.search} onChange={list.setSearch} />
          <AddButton to={paths.newUser} label={t("users.add")} icon={<PersonAddIcon />} />
        </ListToolbar>
      }
      {...list.listProps}
      emptyText={t("users.empty")}
      table={() => <UsersTable users={list.items} onEdit={(user) => void navigate(paths.editUser.href(user.id))} onDelete={confirm.show} />}
    >
      <ConfirmDeleteDialog
        confirm={confirm}
        title={t("users.deleteTitle", { name: confirm.target?.name ?? "" })}
        message={t("users.deleteText")}
        deletion={deletion}
        deletedMessage={t("users.deleted")}
      />
      <Outlet />
    </ListPage>
  );
}
