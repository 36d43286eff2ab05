import type { Message } from "@atendo/contracts";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useEffect, useRef } from "react";
import { useTranslation } from "../../../lib/i18n";
import { formatDateTime } from "../../../lib/date-format";

/** Who wrote a message, seen from the simulated customer. */
function authorKey(message: Message): string {
  if (!message.fromMe) return "connections.sim.you";
  return message.mediaType === "chat-automatic" ? "connections.sim.automatic" : "connections.sim.attendant";
}

/** The conversation, the customer's messages on the right, the company's on the left; keeps the newest in view. */
export function SimulatorMessages({ messages }: { messages: readonly Message[] }) {
  const { t } = useTranslation();
  const endRef = useRef<HTMLLIElement>(null);
  const last = messages.at(-1)?.id;
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "end" });
  }, [last]);

  return (
    <Box component="ol" aria-label={t("connections.sim.conversation")} sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}>
      {messages.map((message) => {
        const mine = !message.fromMe;
        return (
          <Box
            component="li"
            key={message.id}
            sx={{
              alignSelf: mine ? "flex-end" : "flex-start",
              maxWidth: "80%",
              px: 1.5,
              py: 1,
              borderRadius: 2,
              bgcolor: mine ? "primary.main" : "background.paper",
              color: mine ? "primary.contrastText" : "text.primary",
              border: mine ? undefined : 1,
              borderColor: "divider",
            }}
          >
            <Typography variant="caption" component="div" sx={{ opacity: 0.8, fontWeight: 600 }}>
              {t(authorKey(message))}
            </Typography>
            {message.fileName && (
              <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
                <AttachFileIcon fontSize="inherit" />
                <Typography variant="body2" sx={{ wordBreak: "break-word" }}>
                  {message.fileName}
                </Typography>
              </Box>
            )}
            {message.body && (
              <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                {message.isDeleted ? t("connections.sim.deleted") : message.body}
              </Typography>
            )}
            <Typography variant="caption" component="div" sx={{ opacity: 0.7, textAlign: "right" }}>
              {formatDateTime(message.createdAt)}
              {message.failed && ` · ${t("connections.sim.failed")}`}
            </Typography>
          </Box>
        );
      })}
      {/* An empty item, not a <div>: a list holds only items. */}
      <li ref={endRef} aria-hidden />
    </Box>
  );
}
