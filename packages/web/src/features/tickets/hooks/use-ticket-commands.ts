import type { Ticket, TicketResult, TicketStatus, TicketSummary, UpdateTicketBody } from "@atendo/contracts";
import { useRef, useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { useNavigate } from "react-router";
import { paths } from "../../../lib/paths";
import { useCurrentUser } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { useDeleteTicket, useRemoveParticipant, useUpdateTicket } from "./use-ticket-actions";

export interface OwnerInfo {
  ticket: TicketSummary;
  reason: "noPermission" | "alreadyOpen" | "info";
}

/**
 * The header's actions (spec §4) and where each one leaves the attendant: accept and reopen stay
 * on the ticket (and `follow` shows the list's tab it moved to), return, resolve, transfer, leave
 * and delete go back to the list. An answer with `ticketIsOpen` shows the contact's other active
 * ticket instead.
 */
export function useTicketCommands(ticket: Ticket, follow: (status: TicketStatus) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const update = useUpdateTicket(ticket.id);
  const removal = useDeleteTicket(ticket.id);
  const participant = useRemoveParticipant(ticket.id);
  const [ownerInfo, setOwnerInfo] = useState<OwnerInfo | null>(null);
  /**
   * Set while an action that leaves the ticket runs: the live events it causes (its own delete,
   * the ticket leaving the user's sight) are this user's doing and need no announcement.
   */
  const leaving = useRef(false);

  const backToList = () => void navigate(paths.tickets);
  const stay = () => {
    leaving.current = false;
  };

  const handleResult = (result: TicketResult, leave: boolean) => {
    if (result.ticketIsOpen) {
      stay();
      setOwnerInfo({ ticket: result.ticket, reason: "alreadyOpen" });
    } else if (leave) backToList();
    else follow(result.ticket.status);
  };

  const run = (body: UpdateTicketBody, leave: boolean) => {
    leaving.current = leave;
    update.mutate(body, { onSuccess: (result) => handleResult(result, leave), onError: stay });
  };

  return {
    pending: update.isPending || removal.isPending || participant.isPending,
    ownerInfo,
    leaving,
    /** Before a transfer's requests: the ticket may leave the user's sight. */
    startTransfer: () => {
      leaving.current = true;
    },
    showInfo: () => setOwnerInfo({ ticket, reason: "info" }),
    closeOwnerInfo: () => setOwnerInfo(null),
    accept: () => run({ status: "open", userId: user?.id, action: "assigned" }, false),
    reopen: () => run({ status: "open", userId: user?.id, action: "assigned" }, false),
    returnToPending: () => run({ status: "pending", userId: null, action: "pending" }, true),
    resolve: (sendFarewellMessage: boolean) => run({ status: "closed", action: "closed", sendFarewellMessage }, true),
    transferred: (result: TicketResult) => {
      if (!result.ticketIsOpen) toast.success(t("ticketView.transfer.done"));
      handleResult(result, true);
    },
    transferFailed: stay,
    leave: () => {
      if (!user) return;
      leaving.current = true;
      participant.mutate(user.id, {
        onSuccess: () => {
          toast.success(t("ticketView.participants.left"));
          backToList();
        },
        onError: stay,
      });
    },
    remove: () => {
      leaving.current = true;
      removal.mutate(undefined, {
        onSuccess: () => {
          toast.success(t("ticketView.deleted"));
          backToList();
        },
        onError: stay,
      });
    },
  };
}

export type TicketCommands = ReturnType<typeof useTicketCommands>;
