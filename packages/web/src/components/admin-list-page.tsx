import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { AddButton } from "./add-button";
import type { RecordTableProps } from "./admin-table";
import { ConfirmDeleteDialog } from "./confirm-dialog";
import { ListPage } from "./list-page";
import { useDialogTarget } from "../lib/use-dialog-target";

interface AdminListPageProps<T extends { id: number; name: string }> {
  title: string;
  addLabel: string;
  /** The record's form: /x/new and /x/edit/:id. */
  newPath: string;
  editPath: (id: number) => string;
  query: { isPending: boolean; error: unknown; data: readonly T[] | undefined; refetch: () => unknown };
  emptyText: string;
  deletion: { mutate: (id: number, options: { onSuccess: () => void; onError: (error: Error) => void }) => void };
  /** The confirmation's title, naming the record; its text; the toast once deleted. */
  deleteTitle: (record: T) => string;
  deleteText: string;
  deletedMessage: string;
  table: (rows: readonly T[], actions: Required<RecordTableProps<T>>) => ReactNode;
}

/** An admin list of small records (queues, menus, announcements, monitorings): add, edit, delete after asking. */
export function AdminListPage<T extends { id: number; name: string }>(props: AdminListPageProps<T>) {
  const { title, addLabel, newPath, editPath, query, emptyText, deletion, deleteTitle, deleteText, deletedMessage, table } = props;
  const navigate = useNavigate();
  const confirm = useDialogTarget<T>();
  return (
    <ListPage
      title={title}
      actions={<AddButton to={newPath} label={addLabel} alwaysLabelled />}
      query={query}
      isEmpty={query.data?.length === 0}
      emptyText={emptyText}
      table={(rows) => table(rows, { onEdit: (record) => void navigate(editPath(record.id)), onDelete: confirm.show })}
    >
      <ConfirmDeleteDialog
        confirm={confirm}
        title={confirm.target ? deleteTitle(confirm.target) : ""}
        message={deleteText}
        deletion={deletion}
        deletedMessage={deletedMessage}
      />
    </ListPage>
  );
}
