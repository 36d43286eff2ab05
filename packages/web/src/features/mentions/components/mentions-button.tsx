import AlternateEmail from "@mui/icons-material/AlternateEmail";
import Badge from "@mui/material/Badge";
import IconButton from "@mui/material/IconButton";
import { Tooltip } from "../../../components/tooltip";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { lazyDialog } from "../../../components/lazy-dialog";
import { useTranslation } from "../../../lib/i18n";
import { useServerEvent } from "../../../lib/socket";
import { mentionsQuery } from "../api/mentions.api";

// The list (MUI's Menu and its rows) downloads when first opened, not with the shell.
const MentionsMenu = lazyDialog(
  () => import("./mentions-menu").then((module) => module.MentionsMenu),
  (props) => props.anchor !== null,
);

/** The app bar's @: how many mentions are unread (live), and the list of them. */
export function MentionsButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(mentionsQuery);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  useServerEvent("mention", () => void queryClient.invalidateQueries({ queryKey: mentionsQuery.queryKey }));
  const unread = query.data?.pages[0]?.unread ?? 0;
  const label = unread > 0 ? t("mentions.buttonUnread", { count: unread }) : t("mentions.button");
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={unread > 0 ? unread : null} color="error" max={99} slotProps={{ badge: { "aria-hidden": true } }}>
            <AlternateEmail />
          </Badge>
        </IconButton>
      </Tooltip>
      <MentionsMenu menuId={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}
