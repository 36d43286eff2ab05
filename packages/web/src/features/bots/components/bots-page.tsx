import type { Bot } from "@atendo/contracts";
import { useTranslation } from "../../../lib/i18n";
import { nameColumn, RowCaption, textColumn, useCompactTable } from "../../../components/admin-table";
import { AdminEntityPage, type EntityColumns } from "../../../components/entity-list-page";
import { useDestinationNames } from "../../../lib/destinations";
import { botsEntity } from "../api/bots.queries";

/** Name, kind, where it is reached and where its conversations go when it cannot answer. */
function useColumns(bots: readonly Bot[]): EntityColumns<Bot> {
  const { t } = useTranslation();
  const compact = useCompactTable();
  const nameOf = useDestinationNames(bots.map((bot) => bot.fallback));
  const fallback = ({ fallback }: Bot) => `${t(`destinations.kinds.${fallback.destinationType}`)} · ${nameOf(fallback) ?? `#${fallback.destinationTypeId}`}`;
  return [
    nameColumn(t("bots.name"), {
      width: compact ? undefined : "22%",
      details: (bot) => compact && <RowCaption>{`${t(`bots.kinds.${bot.kind}`)} · ${t("bots.fallbackTo", { destination: fallback(bot) })}`}</RowCaption>,
    }),
    !compact && textColumn(t("bots.kind"), (bot) => t(`bots.kinds.${bot.kind}`), { width: "12%" }),
    !compact && textColumn(t("bots.url"), (bot) => bot.url, { titled: true }),
    !compact && textColumn(t("bots.fallback"), fallback, { width: "22%" }),
  ];
}

/** /bots: the bots conversations talk with before a person (admins, issue 33). */
export function BotsPage() {
  return <AdminEntityPage entity={botsEntity} useColumns={useColumns} />;
}
