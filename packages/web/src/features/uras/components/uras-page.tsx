import type { Ura } from "@atendo/contracts";
import { useTranslation } from "../../../lib/i18n";
import { nameColumn, RowCaption, RowDetail, textColumn, useCompactTable } from "../../../components/admin-table";
import { AdminEntityPage, type EntityColumns } from "../../../components/entity-list-page";
import { urasEntity } from "../api/uras.queries";

/** Name and description of each menu (spec §2); on narrow screens the description goes under the name. */
function useColumns(): EntityColumns<Ura> {
  const { t } = useTranslation();
  const compact = useCompactTable();
  return [
    nameColumn(t("uras.name"), {
      width: compact ? undefined : "30%",
      details: (ura) => (
        <>
          {compact && <RowDetail>{ura.description}</RowDetail>}
          <RowCaption>
            {t("uras.optionCount", { count: ura.uraItems.length })}
            {ura.directDial && ` · ${t("uras.directDialShort")}`}
          </RowCaption>
        </>
      ),
    }),
    !compact && textColumn(t("uras.description"), (ura) => ura.description, { titled: true }),
  ];
}

/** /URA: the phone-style menus customers answer by typing an option (admins). */
export function UrasPage() {
  return <AdminEntityPage entity={urasEntity} useColumns={useColumns} />;
}
