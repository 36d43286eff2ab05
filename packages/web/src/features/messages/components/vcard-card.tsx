import { limits } from "@atendo/contracts";
import ChatOutlined from "@mui/icons-material/ChatOutlined";
import Avatar from "@mui/material/Avatar";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "../../../lib/i18n";
import { useNavigate } from "react-router";
import { paths } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { startChatWith } from "../api/messages.api";
import { parseVcard } from "../lib/vcard";

/** A contact name a new contact may take (2–50 characters), else the number. */
function contactName(name: string | null, number: string): string {
  const trimmed = name?.trim().slice(0, limits.name.max) ?? "";
  return trimmed.length >= limits.name.min ? trimmed : number;
}

/**
 * A shared contact card; "Chat" opens a conversation with it on `connectionId` (the ticket's
 * connection). Without one (an internal chat has none) the card only shows the contact.
 */
export function VcardCard({ body, connectionId }: { body: string; connectionId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const card = useMemo(() => parseVcard(body), [body]);
  const name = card.name ?? t("messages.vcard.noInfo");
  const chat = useMutation({
    mutationFn: ({ number, whatsappId }: { number: string; whatsappId: number }) => startChatWith(contactName(card.name, number), number, whatsappId),
    onSuccess: (result) => {
      if (result.ticketIsOpen) toast.info(t("messages.vcard.ticketIsOpen", { name: result.ticket.user?.name ?? "" }));
      else void navigate(paths.ticket.href(result.ticket.id));
    },
  });
  return (
    <Stack spacing={1} sx={{ minWidth: 200 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
        <Avatar sx={{ width: 40, height: 40 }}>{name.charAt(0).toUpperCase()}</Avatar>
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
            {name}
          </Typography>
          {card.number && (
            <Typography variant="caption" color="text.secondary">
              {card.number}
            </Typography>
          )}
        </Stack>
      </Stack>
      {connectionId !== null && (
        <>
          <Divider />
          <Button
            size="small"
            startIcon={<ChatOutlined />}
            disabled={!card.number || chat.isPending}
            onClick={() => card.number && chat.mutate({ number: card.number, whatsappId: connectionId })}
          >
            {t("messages.vcard.chat")}
          </Button>
        </>
      )}
    </Stack>
  );
}
