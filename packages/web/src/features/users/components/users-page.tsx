import type { User } from "@atendo/contracts";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useNavigate } from "react-router";
import { AddButton } from "../../../components/add-button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListToolbar } from "../../../components/list-toolbar";
import { Page } from "../../../components/page";
import { QueryState } from "../../../components/query-state";
import { ScrollList } from "../../../components/scroll-list";
import { SearchField } from "../../../components/search-field";
import { useInfiniteScroll } from "../../../lib/infinite-scroll";
import { flattenPages } from "../../../lib/paged-cache";
import { paths } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { useConfirmTarget } from "../../../lib/use-confirm-target";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { useDeleteUser, useUsersList, useUsersLive } from "../hooks/use-users";
import { UsersTable } from "./users-table";

/** /users (admins): searchable, infinitely scrolling table; /users/new and /users/edit/:id open the modal over it. */
export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim());
  const query = useUsersList(debounced);
  const users = flattenPages(query.data, "users");
  const scroll = useInfiniteScroll<HTMLDivElement>({
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
    isFetchNextPageError: query.isFetchNextPageError,
    itemCount: users.length,
  });
  const deletion = useDeleteUser();
  const confirm = useConfirmTarget<User>();
  useUsersLive();

  function remove(user: User): void {
    deletion.mutate(user.id, { onSuccess: () => toast.success(t("users.deleted")) });
  }

  return (
    <Page
      title={t("pages.users")}
      fill
      actions={
        <ListToolbar>
          <SearchField label={t("users.search")} value={search} onChange={setSearch} />
          <AddButton to={paths.newUser} label={t("users.add")} icon={<PersonAddIcon />} />
        </ListToolbar>
      }
    >
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {query.data && (
        <ScrollList
          label={t("pages.users")}
          scrollRef={scroll.ref}
          onScroll={scroll.onScroll}
          loadingMore={query.isFetchingNextPage}
          empty={users.length === 0 ? t(debounced ? "common.noResults" : "users.empty") : null}
        >
          <UsersTable users={users} onEdit={(user) => void navigate(paths.editUser.href(user.id))} onDelete={confirm.ask} />
        </ScrollList>
      )}
      <ConfirmDialog
        open={confirm.open}
        title={t("users.deleteTitle", { name: confirm.target?.name ?? "" })}
        message={t("users.deleteText")}
        confirmLabel={t("common.delete")}
        danger
        onConfirm={() => confirm.target && remove(confirm.target)}
        onClose={confirm.close}
      />
      <Outlet />
    </Page>
  );
}
