import Box from "@mui/material/Box";
import { useTheme, type Breakpoint, type SxProps, type Theme } from "@mui/material/styles";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { ReactNode } from "react";
import { useTranslation } from "../lib/i18n";
import { RowActions, type RowActionsProps } from "./row-actions";

/** One line, cut with an ellipsis (the fixed table layout gives every cell its width). */
export const ellipsis = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } as const;

/** A column of an {@link AdminTable}: its heading and what each row shows in it. */
export interface AdminColumn<T> {
  header: ReactNode;
  /** The column's width (the header cell sets it); the rest share what is left. */
  width?: number | string | Partial<Record<Breakpoint, number | string>>;
  align?: "center" | "right";
  cell: (row: T) => ReactNode;
  cellSx?: SxProps<Theme>;
  /** The whole value on hover, for cells cut short. */
  cellTitle?: (row: T) => string | undefined;
}

/** What a list page gives its table: the row's edit and delete (absent when the user may not delete). */
interface RecordTableProps<T> {
  onEdit: (row: T) => void;
  onDelete?: (row: T) => void;
}

interface AdminTableProps<T extends { id: number }> extends RecordTableProps<T>, DataTableProps<T> {
  actionsWidth: number;
  /** The accessible names of the row's buttons, naming the record ("Edit Ana"). */
  actionLabels: (row: T) => { edit: string; delete: string };
  /** A row the user may not delete gets no delete button. */
  canDelete?: (row: T) => boolean;
  /** Buttons of the row's own before edit (e.g. start a chat). */
  before?: (row: T) => ReactNode;
}

function rowActions<T extends { id: number }>(
  row: T,
  { actionLabels, onEdit, onDelete, canDelete, before }: Omit<AdminTableProps<T>, "rows" | "columns" | "actionsWidth">,
): RowActionsProps {
  const labels = actionLabels(row);
  return {
    before: before?.(row),
    editLabel: labels.edit,
    deleteLabel: labels.delete,
    onEdit: () => onEdit(row),
    onDelete: onDelete && (canDelete?.(row) ?? true) ? () => onDelete(row) : undefined,
  };
}

/**
 * Whether a table shows its compact form: below `breakpoint` the secondary columns fold under the
 * row's name.
 */
export function useCompactTable(breakpoint: "md" | "lg" = "md"): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down(breakpoint));
}

interface DataTableProps<T extends { id: number }> {
  rows: readonly T[];
  /** `false` leaves a column out (e.g. on compact screens) and keeps the others in their places. */
  columns: readonly (AdminColumn<T> | false)[];
}

/** A table of records: sticky header, fixed layout, one row a record (a report's tickets). */
export function DataTable<T extends { id: number }>({ rows, columns }: DataTableProps<T>) {
  const shown = columns.filter((column): column is AdminColumn<T> => column !== false);
  return (
    <Table stickyHeader size="small" sx={{ tableLayout: "fixed" }}>
      <TableHead>
        <TableRow>
          {shown.map((column, index) => (
            <TableCell key={index} align={column.align} sx={column.width === undefined ? undefined : { width: column.width }}>
              {column.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} hover>
            {shown.map((column, index) => (
              <TableCell key={index} align={column.align} sx={column.cellSx} title={column.cellTitle?.(row)}>
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The table of an admin list page: a {@link DataTable} whose last column holds the row's actions. */
export function AdminTable<T extends { id: number }>({ rows, columns, actionsWidth, ...actions }: AdminTableProps<T>) {
  const { t } = useTranslation();
  const actionsColumn: AdminColumn<T> = {
    header: t("common.actions"),
    width: actionsWidth,
    align: "right",
    cell: (row) => <RowActions {...rowActions(row, actions)} />,
  };
  return <DataTable rows={rows} columns={[...columns, actionsColumn]} />;
}

/** The record's name, first in its row. */
export function RowName({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <Typography variant="body2" sx={{ fontWeight: 600, ...ellipsis }} title={title}>
      {children}
    </Typography>
  );
}

/** A picture or swatch before the name and what goes under it. */
export function RowLead({ lead, children }: { lead: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, minWidth: 0 }}>
      {lead}
      <Box sx={{ minWidth: 0 }}>{children}</Box>
    </Box>
  );
}

/** One line of secondary text under a row's name (on compact screens, what the hidden columns show). */
export function RowDetail({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={ellipsis}>
      {children}
    </Typography>
  );
}

/** A caption line under a row's name. */
export function RowCaption({ children }: { children: ReactNode }) {
  return (
    <Typography variant="caption" color="text.secondary" sx={{ ...ellipsis, display: "block" }}>
      {children}
    </Typography>
  );
}

/** A cell's text for "nothing here" (no queue, no greeting), muted. */
export function RowMuted({ children }: { children: ReactNode }) {
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

interface NameColumnOptions<T> {
  width?: AdminColumn<T>["width"];
  /** A picture or swatch before the name. */
  lead?: (row: T) => ReactNode;
  /** Under the name: on compact screens, what the hidden columns show. */
  details?: (row: T) => ReactNode;
}

/** The first column of a record table: the record's name, its lead before it and its details under it. */
export function nameColumn<T extends { name: string }>(header: string, { width, lead, details }: NameColumnOptions<T> = {}): AdminColumn<T> {
  return {
    header,
    width,
    cell: (row) => {
      const name = (
        <>
          <RowName>{row.name}</RowName>
          {details?.(row)}
        </>
      );
      return lead ? <RowLead lead={lead(row)}>{name}</RowLead> : name;
    },
  };
}

/** A column of one line of text, cut with an ellipsis; `titled`: the whole text on hover. */
export function textColumn<T>(header: string, text: (row: T) => string, { width, titled }: { width?: AdminColumn<T>["width"]; titled?: boolean } = {}): AdminColumn<T> {
  return { header, width, cellSx: ellipsis, cellTitle: titled ? text : undefined, cell: text };
}
