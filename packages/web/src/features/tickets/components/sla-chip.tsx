import { slaAtRiskFrom, slaStandingOf, type Ticket } from "@atendo/contracts";
import AlarmIcon from "@mui/icons-material/Alarm";
import HourglassBottomIcon from "@mui/icons-material/HourglassBottom";
import Chip from "@mui/material/Chip";
import { useEffect, useState } from "react";
import { formatDateTime } from "../../../lib/date-format";
import { useTranslation } from "../../../lib/i18n";

const chipSx = { height: 20, fontSize: "0.7rem", flexShrink: 0, "& .MuiChip-icon": { fontSize: 14 } } as const;

/** Longest a timer waits (a browser's setTimeout overflows past ~24.8 days). */
const maxWaitMs = 86_400_000;

type SlaTicket = Pick<Ticket, "status" | "sla">;

/** The next moment a running target of the ticket changes state (at risk, then breached); null: none ahead. */
function nextChange(ticket: SlaTicket, now: number): number | null {
  if (ticket.status === "closed") return null;
  const { sla } = ticket;
  const moments: number[] = [];
  const add = (dueAt: string | null, minutes: number | null) => {
    if (dueAt === null) return;
    moments.push(Date.parse(dueAt));
    if (minutes !== null) moments.push(slaAtRiskFrom(new Date(dueAt), minutes).getTime());
  };
  if (sla.firstResponseAt === null) add(sla.firstResponseDueAt, sla.firstResponseMinutes);
  add(sla.resolutionDueAt, sla.resolutionMinutes);
  const ahead = moments.filter((moment) => moment > now);
  return ahead.length === 0 ? null : Math.min(...ahead);
}

/**
 * The ticket's SLA standing at this moment, read again when a target turns at risk or breached:
 * one timer per row, set for its next change, so the chip moves without a reload or a ticking clock.
 */
function useSlaStanding(ticket: SlaTicket) {
  const [now, setNow] = useState(() => Date.now());
  const next = nextChange(ticket, now);
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(next - Date.now(), 0) + 50, maxWaitMs));
    return () => clearTimeout(timer);
  }, [next]);
  return slaStandingOf(ticket, new Date(now));
}

/**
 * A row's SLA chip (issue 30): "at risk" from 80 % of a target's time, "breached" past its due time
 * (contracts' slaState, the one rule); nothing while on time or with no target running.
 */
export function SlaChip({ ticket }: { ticket: SlaTicket }) {
  const { t } = useTranslation();
  const standing = useSlaStanding(ticket);
  if (!standing || standing.state === "ok") return null;
  const breached = standing.state === "breached";
  const title = t(breached ? "sla.chip.breachedHint" : "sla.chip.atRiskHint", { target: t(`sla.target.${standing.target}`), due: formatDateTime(standing.dueAt) });
  return (
    <Chip
      size="small"
      color={breached ? "error" : "warning"}
      variant={breached ? "filled" : "outlined"}
      icon={breached ? <AlarmIcon /> : <HourglassBottomIcon />}
      label={t(breached ? "sla.chip.breached" : "sla.chip.atRisk")}
      title={title}
      aria-label={title}
      data-sla={standing.state}
      sx={chipSx}
    />
  );
}
