import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { visuallyHidden } from "./visually-hidden";

/** Width of the list beside the open item on wide screens. */
const listWidth = { md: 340, lg: 380 };

interface ListDetailPageProps {
  /** The page's heading, for screen readers: the layout shows no title bar. */
  heading: string;
  listLabel: string;
  list: ReactNode;
  /** The open item (a ticket, a chat), or null: then a welcome text beside the list. */
  detail: ReactNode | null;
  welcome: { title: string; text: string };
  /** Dialogs the page opens. */
  children?: ReactNode;
}

/**
 * A conversations page (/tickets, /chats, spec §2): the list on the left, the open conversation
 * (or a welcome text) on the right. Under md only one side shows: the list, or the open item
 * (whose header leads back to the list).
 */
export function ListDetailPage({ heading, listLabel, list, detail, welcome, children }: ListDetailPageProps) {
  const open = detail !== null;
  return (
    <Box sx={{ position: "relative", height: "100%", display: "flex", minHeight: 0, bgcolor: "background.paper" }}>
      <Box
        component="section"
        aria-label={listLabel}
        sx={{
          width: { xs: "100%", md: listWidth.md, lg: listWidth.lg },
          flexShrink: 0,
          borderRight: { md: 1 },
          borderColor: { md: "divider" },
          display: { xs: open ? "none" : "block", md: "block" },
          minHeight: 0,
        }}
      >
        {list}
      </Box>
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          minHeight: 0,
          display: { xs: open ? "flex" : "none", md: "flex" },
          flexDirection: "column",
          bgcolor: "background.default",
        }}
      >
        {detail ?? <Welcome {...welcome} />}
      </Box>
      {children}
      <Typography component="h1" sx={visuallyHidden}>
        {heading}
      </Typography>
    </Box>
  );
}

function Welcome({ title, text }: { title: string; text: string }) {
  return (
    <Box sx={{ flex: 1, display: "grid", placeItems: "center", p: 4, textAlign: "center" }}>
      <Box sx={{ maxWidth: 360 }}>
        <ForumOutlinedIcon sx={{ fontSize: 56, color: "primary.light" }} aria-hidden />
        <Typography variant="h2" component="p" sx={{ mt: 2 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {text}
        </Typography>
      </Box>
    </Box>
  );
}
