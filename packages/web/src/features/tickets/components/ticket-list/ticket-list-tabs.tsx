import Badge from "@mui/material/Badge";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { useTranslation } from "react-i18next";
import type { TicketTab } from "../../hooks/use-ticket-list-filters";

interface TicketListTabsProps {
  /** null while the search view is shown: no tab is selected. */
  value: TicketTab | null;
  onChange: (tab: TicketTab) => void;
  showClosed: boolean;
  counts: { pending: number | undefined; open: number | undefined };
}

/** Pending and open with their counts (spec §2), closed when the filter asks for it. */
export function TicketListTabs({ value, onChange, showClosed, counts }: TicketListTabsProps) {
  const { t } = useTranslation();
  const label = (tab: "pending" | "open", count: number | undefined) => (
    <Badge
      color={tab === "pending" ? "warning" : "primary"}
      badgeContent={count ?? 0}
      max={999}
      sx={{ "& .MuiBadge-badge": { right: -14, top: 2 } }}
    >
      <span>{t(`ticketList.tabs.${tab}`)}</span>
    </Badge>
  );
  return (
    <Tabs
      value={value ?? false}
      onChange={(_event, next: TicketTab) => onChange(next)}
      variant="fullWidth"
      aria-label={t("ticketList.tabsLabel")}
      sx={{ borderBottom: 1, borderColor: "divider", minHeight: 44, "& .MuiTab-root": { minHeight: 44, px: 1 } }}
    >
      <Tab value="open" label={label("open", counts.open)} aria-label={t("ticketList.tabWithCount", { tab: t("ticketList.tabs.open"), count: counts.open ?? 0 })} />
      <Tab value="pending" label={label("pending", counts.pending)} aria-label={t("ticketList.tabWithCount", { tab: t("ticketList.tabs.pending"), count: counts.pending ?? 0 })} />
      {showClosed && <Tab value="closed" label={t("ticketList.tabs.closed")} />}
    </Tabs>
  );
}
