import type { Chat } from "@atendo/contracts";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "react-router";
import { visuallyHidden } from "../../../components/visually-hidden";
import { paths } from "../../../lib/paths";
import { useOtherParticipant } from "../hooks/use-other-participant";
import { ChatAvatar } from "./chat-avatar";

/**
 * Back to /chats, and the participant header that opens the details drawer (spec §2): a group's
 * member count, or in a direct chat how to reach the other user (email, extension).
 */
export function ChatHeader({ chat, onOpenDetails }: { chat: Chat; onOpenDetails: () => void }) {
  const { t } = useTranslation();
  const other = useOtherParticipant(chat);
  const subtitle = other
    ? [other.user.email, other.user.extension && t("chats.header.extension", { extension: other.user.extension })].filter(Boolean).join(" · ")
    : t("chats.members", { count: chat.userChat.length });
  return (
    <Box
      component="header"
      sx={{ display: "flex", alignItems: "center", gap: 1, px: { xs: 1, sm: 2 }, minHeight: 64, borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}
    >
      <Tooltip title={t("chats.view.back")}>
        <IconButton component={Link} to={paths.chats} aria-label={t("chats.view.back")} edge="start">
          <ArrowBackIcon />
        </IconButton>
      </Tooltip>
      <ButtonBase
        onClick={onOpenDetails}
        sx={{ flex: 1, minWidth: 0, justifyContent: "flex-start", gap: 1.5, p: 0.5, borderRadius: 1, textAlign: "left" }}
      >
        {/* Named by what it shows ("Details of Ana, online"), so what is seen is part of the name (WCAG 2.5.3). */}
        <Box component="span" sx={visuallyHidden}>{`${t("chats.details.open")} `}</Box>
        <ChatAvatar chat={chat} />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h2" variant="subtitle1" noWrap sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {chat.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {subtitle}
          </Typography>
        </Box>
      </ButtonBase>
    </Box>
  );
}
