import Stack from "@mui/material/Stack";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { ComponentProps, ReactNode } from "react";
import { useNavigate } from "react-router";
import type { AdminEntity } from "../lib/admin-entity";
import { useTranslation } from "../lib/i18n";
import { stageKindOf, useStageWaiting } from "../lib/stage-waiting";
import { useDialogTarget, type DialogTarget } from "../lib/use-dialog-target";
import { AddButton } from "./add-button";
import { AdminTable, type AdminColumn } from "./admin-table";
import { ConfirmDeleteDialog } from "./confirm-dialog";
import { ListPage, type ListPageProps } from "./list-page";
import { ListToolbar } from "./list-toolbar";
import { SearchField } from "./search-field";

/** An entity table's columns before the actions; `false` leaves one out (e.g. on compact screens). */
export type EntityColumns<T> = readonly (AdminColumn<T> | false)[];

/**
 * A record kind's list as a list page shows it (useSearchedList's shape): the records loaded, the
 * list's state and, for a searchable list, the search box's text.
 */
export interface EntityList<T> {
  items: readonly T[];
  listProps: Pick<ListPageProps<unknown>, "query" | "isEmpty" | "searching" | "scroll">;
  search?: string;
  setSearch?: (search: string) => void;
}

type Deletion = ComponentProps<typeof ConfirmDeleteDialog>["deletion"];

interface EntityListPageProps<T extends { id: number; name?: string }> {
  /** The i18n namespace of the kind's texts (lib/admin-entity's `entityTextKeys`, and `search`). */
  texts: string;
  /** The i18n key of the heading. */
  title: string;
  list: EntityList<T>;
  /** The search box (a searchable list's) forces what is typed to lower case. */
  lowerCaseSearch?: boolean;
  /** Where the add button leads (the form's route) or what it does (opens the form's dialog). */
  add: string | (() => void);
  addIcon?: ReactNode;
  /** The page's own buttons between the search box and the add button (e.g. import). */
  tools?: ReactNode;
  /**
   * The table's columns: a hook, called with the rows on every render (columns may read the
   * screen's width, translations, other queries).
   */
  useColumns: (rows: readonly T[]) => EntityColumns<T>;
  /** The values a record's texts name it by ("Edit {{name}}"); its name by default. */
  labelOf?: (row: T) => Record<string, string>;
  /** The actions column's width (edit and delete: 104). */
  actionsWidth?: number;
  /** Buttons of the row's own before edit (e.g. start a chat). */
  before?: (row: T) => ReactNode;
  onEdit: (row: T) => void;
  /** Deletes by id after asking; absent when the user may not delete. */
  deletion?: Deletion;
  /** A row the user may not delete gets no delete button. */
  canDelete?: (row: T) => boolean;
  /** The record asked about, when the page reads it too (e.g. to count what deleting it takes along). */
  deleteTarget?: DialogTarget<T>;
  /** The confirmation's text when it depends on the record (`<texts>.deleteText` otherwise). */
  deleteText?: string;
  /** Dialogs over the page. */
  children?: ReactNode;
}

const byName = (row: { name?: string }): Record<string, string> => ({ name: row.name ?? "" });

/**
 * The list page of an admin record kind (queues, menus, announcements, monitorings, users, quick
 * answers, contacts): heading, search box and add button, the table with each row's edit and
 * delete, and the delete confirmation (a record still routed to says by whom).
 */
export function EntityListPage<T extends { id: number; name?: string }>(props: EntityListPageProps<T>) {
  const { texts, title, list, lowerCaseSearch, add, addIcon, tools, labelOf = byName, useColumns, actionsWidth, before, onEdit, deletion, canDelete } = props;
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const ownTarget = useDialogTarget<T>();
  const confirm = props.deleteTarget ?? ownTarget;
  const search = list.setSearch && { value: list.search ?? "", onChange: list.setSearch, lowerCase: lowerCaseSearch };
  const addButton = (
    <AddButton
      label={t(`${texts}.add`)}
      icon={addIcon}
      // A page without a search box has the room for the button's text on narrow screens too; on a
      // phone, beside other buttons, all show only their icons.
      alwaysLabelled={!search && !(tools && phone)}
      {...(typeof add === "string" ? { to: add } : { onClick: add })}
    />
  );
  return (
    <ListPage
      title={t(title)}
      actions={
        search ? (
          <ListToolbar>
            <SearchField label={t(`${texts}.search`)} {...search} />
            {tools}
            {addButton}
          </ListToolbar>
        ) : tools ? (
          <Stack direction="row" spacing={1}>
            {tools}
            {addButton}
          </Stack>
        ) : (
          addButton
        )
      }
      {...list.listProps}
      emptyText={t(`${texts}.empty`)}
      table={() => (
        <EntityTable
          {...{ texts, labelOf, useColumns, actionsWidth, before, onEdit, canDelete }}
          rows={list.items}
          onDelete={deletion && confirm.show}
        />
      )}
    >
      {props.children}
      {deletion && (
        <ConfirmDeleteDialog
          confirm={confirm}
          title={confirm.target ? t(`${texts}.deleteTitle`, labelOf(confirm.target)) : ""}
          message={props.deleteText ?? t(`${texts}.deleteText`)}
          deletion={deletion}
          deletedMessage={t(`${texts}.deleted`)}
        />
      )}
    </ListPage>
  );
}

type EntityTableProps<T extends { id: number; name?: string }> = Pick<
  EntityListPageProps<T>,
  "texts" | "useColumns" | "actionsWidth" | "before" | "onEdit" | "canDelete"
> & { rows: readonly T[]; labelOf: (row: T) => Record<string, string>; onDelete?: (row: T) => void };

function EntityTable<T extends { id: number; name?: string }>({ texts, rows, useColumns, labelOf, actionsWidth = 104, ...actions }: EntityTableProps<T>) {
  const { t } = useTranslation();
  const columns = useColumns(rows);
  return (
    <AdminTable
      rows={rows}
      columns={columns}
      actionsWidth={actionsWidth}
      actionLabels={(row) => ({ edit: t(`${texts}.edit`, labelOf(row)), delete: t(`${texts}.delete`, labelOf(row)) })}
      {...actions}
    />
  );
}

type AdminEntityPageProps<T extends { id: number; name: string }, Body> = { entity: AdminEntity<T, Body> } & Pick<EntityListPageProps<T>, "useColumns"> &
  Partial<Pick<EntityListPageProps<T>, "tools" | "actionsWidth" | "before" | "deleteTarget" | "deleteText" | "children">>;

/**
 * The delete confirmation's text of a stage (menu, announcement, monitoring): the kind's own, then
 * how many conversations wait in it and where deleting sends them.
 */
function useStageDeleteText<T extends { id: number }>(texts: string, target: DialogTarget<T>): string | undefined {
  const { t } = useTranslation();
  const stage = stageKindOf(texts);
  const waiting = useStageWaiting(stage, target.open && target.target ? target.target.id : null);
  if (!stage) return undefined;
  const line = waiting.isPending ? t("stages.countingWaiting") : waiting.count === 0 ? t("stages.noneWaiting") : t("stages.waiting", { count: waiting.count });
  return `${t(`${texts}.deleteText`)} ${line}`;
}

/**
 * The list page of an {@link AdminEntity}: every record, kept live; add and edit on the form's
 * routes, delete after asking (for a stage, saying how many conversations wait in it). A page with
 * more to it (buttons, dialogs) passes them on.
 */
export function AdminEntityPage<T extends { id: number; name: string }, Body>({ entity, ...page }: AdminEntityPageProps<T, Body>) {
  const navigate = useNavigate();
  const query = entity.resource.useList({ silent: true });
  const deletion = entity.resource.useDelete();
  const ownTarget = useDialogTarget<T>();
  const deleteTarget = page.deleteTarget ?? ownTarget;
  const stageText = useStageDeleteText(entity.texts, deleteTarget);
  entity.useLive();
  return (
    <EntityListPage
      {...page}
      deleteTarget={deleteTarget}
      deleteText={page.deleteText ?? stageText}
      texts={entity.texts}
      title={entity.title}
      list={{ items: query.data ?? [], listProps: { query, isEmpty: query.data?.length === 0 } }}
      add={entity.pages.create}
      onEdit={(record) => void navigate(entity.pages.edit.href(record.id))}
      deletion={deletion}
    />
  );
}
