import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { useTranslation } from "../../../../lib/i18n";
import { visuallyHidden } from "../../../../components/visually-hidden";
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
  // The tab's name comes from its text, "Open (3)" (the badge is for the eye): a name given
  // apart (aria-label) would not contain the text seen, which voice control users speak.
  const label = (tab: "pending" | "open", count: number | undefined) => (
    <Badge
      color={tab === "pending" ? "warning" : "primary"}
      badgeContent={count ?? 0}
      max={999}
      slotProps={{ badge: { "aria-hidden": true } }}
      sx={{ "& .MuiBadge-badge": { right: -14, top: 2 } }}
    >
      <span>
        {t(`ticketList.tabs.${tab}`)}
        <Box component="span" sx={visuallyHidden}>{` (${count ?? 0})`}</Box>
      </span>
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
      <Tab value="open" label={label("open", counts.open)} />
      <Tab value="pending" label={label("pending", counts.pending)} />
      {showClosed && <Tab value="closed" label={t("ticketList.tabs.closed")} />}
    </Tabs>
  );
}
