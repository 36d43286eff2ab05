import Box from "@mui/material/Box";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { Mention } from "@atendo/contracts";
import { visuallyHidden } from "../../../components/visually-hidden";
import { formatListTime } from "../../../lib/date-format";
import { useTranslation } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { markMentionRead, mentionsQuery } from "../api/mentions.api";

interface MentionsMenuProps {
  menuId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** One's mentions, unread first: who wrote, in which conversation, the note's start; a click opens the ticket at the note and marks it read. */
export function MentionsMenu({ menuId, anchor, onClose }: MentionsMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({ ...mentionsQuery, enabled: anchor !== null });
  const mentions = query.data?.pages.flatMap((page) => page.mentions) ?? [];

  const open = (mention: Mention) => {
    onClose();
    if (!mention.read) void markMentionRead(mention.id).then(() => queryClient.invalidateQueries({ queryKey: mentionsQuery.queryKey }));
    void navigate(`${paths.ticket.href(mention.ticketId)}?note=${mention.noteId}`);
  };

  return (
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 360, maxWidth: "calc(100vw - 16px)", maxHeight: "70vh" } }, list: { "aria-label": t("mentions.title") } }}
    >
      {/* A menu holds menu items only (the list is named "Mentions"): the empty state is one, disabled. */}
      {mentions.length === 0 && <MenuItem disabled>{query.isPending ? t("common.loading") : t("mentions.empty")}</MenuItem>}
      {mentions.map((mention) => (
        <MenuItem key={mention.id} onClick={() => open(mention)} sx={{ alignItems: "flex-start", whiteSpace: "normal", gap: 1, py: 1 }}>
          <Box
            aria-hidden
            sx={{ width: 8, height: 8, mt: 0.75, flexShrink: 0, borderRadius: "50%", bgcolor: mention.read ? "transparent" : "primary.main" }}
          />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: mention.read ? 400 : 700 }}>
              {t("mentions.entry", { author: mention.author?.name ?? t("notes.unknownAuthor"), contact: mention.contactName ?? `#${mention.ticketId}` })}
              {!mention.read && <Box component="span" sx={visuallyHidden}>{` (${t("mentions.unread")})`}</Box>}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
              {mention.excerpt}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatListTime(mention.createdAt)}
            </Typography>
          </Box>
        </MenuItem>
      ))}
      {query.hasNextPage && (
        <MenuItem onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} sx={{ color: "primary.main", justifyContent: "center" }}>
          {t("mentions.more")}
        </MenuItem>
      )}
    </Menu>
  );
}
