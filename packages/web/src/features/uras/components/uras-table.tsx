import type { Ura } from "@atendo/contracts";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { AdminTable, ellipsis, RowName, useCompactTable, type RecordTableProps } from "../../../components/admin-table";

interface UrasTableProps extends RecordTableProps<Ura> {
  uras: readonly Ura[];
}

/** Name and description of each menu (spec §2); on narrow screens the description goes under the name. */
export function UrasTable({ uras, onEdit, onDelete }: UrasTableProps) {
  const { t } = useTranslation();
  const compact = useCompactTable();
  return (
    <AdminTable
      rows={uras}
      columns={[
        {
          header: t("uras.name"),
          width: compact ? undefined : "30%",
          cell: (ura) => (
            <>
              <RowName>{ura.name}</RowName>
              {compact && (
                <Typography variant="body2" color="text.secondary" sx={ellipsis}>
                  {ura.description}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary" sx={{ ...ellipsis, display: "block" }}>
                {t("uras.optionCount", { count: ura.uraItems.length })}
                {ura.directDial && ` · ${t("uras.directDialShort")}`}
              </Typography>
            </>
          ),
        },
        !compact && { header: t("uras.description"), cellSx: ellipsis, cellTitle: (ura) => ura.description, cell: (ura) => ura.description },
      ]}
      actionsWidth={104}
      actionLabels={(ura) => ({ edit: t("uras.edit", { name: ura.name }), delete: t("uras.delete", { name: ura.name }) })}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}
