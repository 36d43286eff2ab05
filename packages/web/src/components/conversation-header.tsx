import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { visuallyHidden } from "./visually-hidden";

interface ConversationHeaderProps {
  /** The way back to the list, where the list is not beside the conversation. */
  back: { to: string; label: string } | null;
  /** Opens the drawer of who the conversation is with (a ticket's contact, a chat's participants). */
  onOpenDetails: () => void;
  /** The start of the details button's name ("Details of"), read before what it shows. */
  detailsLabel: string;
  avatar: ReactNode;
  title: string;
  /** Beside the title (a ticket's stage chips). */
  badges?: ReactNode;
  /** Under the title, on one line. */
  subtitle: ReactNode;
  /** At the end of the bar (a ticket's actions). */
  actions?: ReactNode;
}

/** The bar above a conversation (ticket or internal chat): back, who it is with, which opens their details, and actions (spec §2). */
export function ConversationHeader({ back, onOpenDetails, detailsLabel, avatar, title, badges, subtitle, actions }: ConversationHeaderProps) {
  return (
    <Box
      component="header"
      sx={{ display: "flex", alignItems: "center", gap: 1, px: { xs: 1, sm: 2 }, minHeight: 64, borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}
    >
      {back && (
        <Tooltip title={back.label}>
          <IconButton component={Link} to={back.to} aria-label={back.label} edge="start">
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
      )}
      <ButtonBase
        onClick={onOpenDetails}
        sx={{ flex: 1, minWidth: 0, overflow: "hidden", justifyContent: "flex-start", gap: 1.5, p: 0.5, borderRadius: 1, textAlign: "left" }}
      >
        {/* Named by what it shows ("Details of Ana, online"), so what is seen is part of the name (WCAG 2.5.3). */}
        <Box component="span" sx={visuallyHidden}>{`${detailsLabel} `}</Box>
        {avatar}
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
            <Typography component="h2" variant="subtitle1" noWrap sx={{ fontWeight: 600, lineHeight: 1.3, minWidth: 0 }}>
              {title}
            </Typography>
            {badges}
          </Box>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {subtitle}
          </Typography>
        </Box>
      </ButtonBase>
      {actions}
    </Box>
  );
}
