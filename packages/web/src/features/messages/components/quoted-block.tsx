import type { QuotedMessage } from "@atendo/contracts";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { summarize } from "../lib/message-summary";

/** A ticket's quote names its sender in `contact` (group members); an internal chat's does not. */
export type QuoteFields = Pick<QuotedMessage, "body" | "fromMe" | "mediaType" | "isDeleted"> & Partial<Pick<QuotedMessage, "contact">>;

interface QuotedBlockProps {
  quoted: QuoteFields;
  /** Who wrote it, when the quote does not name its sender: the ticket's customer, the chat's participant. */
  contactName: string;
  /** Scrolls to the quoted message; absent where it cannot (the reply bar). */
  onClick?: () => void;
}

/** The message a reply quotes: its sender and a line of it, with a coloured stripe. */
export function QuotedBlock({ quoted, contactName, onClick }: QuotedBlockProps) {
  const { t } = useTranslation();
  const summary = summarize(quoted);
  const sender = quoted.fromMe ? t("messages.you") : (quoted.contact?.name ?? contactName);
  const text = quoted.isDeleted ? t("messages.deleted") : [summary.typeKey ? t(summary.typeKey) : null, summary.text].filter(Boolean).join(" · ");
  const content = (
    <>
      <Typography variant="caption" sx={{ fontWeight: 700, color: quoted.fromMe ? "primary.main" : "secondary.main", display: "block" }}>
        {sender}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ display: "-webkit-box", WebkitLineClamp: 3, WebkitBoxOrient: "vertical", overflow: "hidden", whiteSpace: "pre-wrap", fontStyle: quoted.isDeleted ? "italic" : undefined }}
      >
        {text}
      </Typography>
    </>
  );
  const sx = {
    display: "flex",
    alignItems: "flex-start",
    gap: 1,
    width: "100%",
    textAlign: "left",
    justifyContent: "flex-start",
    borderLeft: 4,
    borderColor: quoted.fromMe ? "primary.main" : "secondary.main",
    bgcolor: "action.hover",
    borderRadius: 1,
    px: 1,
    py: 0.5,
  } as const;
  const body = <span style={{ flex: 1, minWidth: 0 }}>{content}</span>;
  return onClick ? (
    <ButtonBase onClick={onClick} sx={sx} aria-label={t("messages.quote.jump", { name: sender })}>
      {body}
    </ButtonBase>
  ) : (
    <Box sx={sx}>{body}</Box>
  );
}
