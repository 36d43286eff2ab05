import ArrowDropDownIcon from "@mui/icons-material/ArrowDropDown";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutline";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import GroupAddIcon from "@mui/icons-material/GroupAdd";
import InfoOutlinedIcon from "@mui/icons-material/InfoOutlined";
import LogoutIcon from "@mui/icons-material/Logout";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import ReplayIcon from "@mui/icons-material/Replay";
import SwapHorizIcon from "@mui/icons-material/SwapHoriz";
import UndoIcon from "@mui/icons-material/Undo";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Tooltip from "@mui/material/Tooltip";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../../../../lib/i18n";
import { useShortcutActions } from "../../../shortcuts";
import type { TicketCommands } from "../../hooks/use-ticket-commands";
import type { TicketAbilities } from "./ticket-abilities";

interface TicketActionsProps {
  abilities: TicketAbilities;
  commands: TicketCommands;
  hasParticipants: boolean;
  onTransfer: () => void;
  onParticipants: () => void;
  onLeave: () => void;
  onDelete: () => void;
  /** Little room beside the actions (the contact drawer is open): return and transfer go to the menu. */
  compact?: boolean;
}

interface MenuAction {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
}

/**
 * The header's buttons by state and permission (spec §4). The main step (accept, resolve,
 * reopen) stays a button; the rest goes to the "more" menu, and on narrow screens (or beside the
 * open contact drawer) return and transfer too.
 */
export function TicketActions(props: TicketActionsProps) {
  const { abilities, commands, hasParticipants, onTransfer, onParticipants, onLeave, onDelete, compact = false } = props;
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down("md")) || compact;
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const [resolveAnchor, setResolveAnchor] = useState<HTMLElement | null>(null);
  const resolveButton = useRef<HTMLButtonElement>(null);
  const busy = commands.pending;
  // The keyboard's A, C and T (docs/decisions/0076): allowed exactly when their buttons are.
  // C opens the resolve menu, as a click does: a farewell is sent or not by choice, never by one key.
  useShortcutActions({
    accept: abilities.accept && !busy ? commands.accept : null,
    close: abilities.resolve && !busy ? () => setResolveAnchor(resolveButton.current) : null,
    transfer: abilities.transfer && !busy ? onTransfer : null,
  });

  const menu: MenuAction[] = [];
  if (narrow && abilities.returnToPending) {
    menu.push({ key: "return", label: t("ticketView.actions.return"), icon: <UndoIcon />, onClick: commands.returnToPending });
  }
  if (narrow && abilities.transfer) {
    menu.push({ key: "transfer", label: t("ticketView.actions.transfer"), icon: <SwapHorizIcon />, onClick: onTransfer });
  }
  if (abilities.addParticipants || hasParticipants) {
    menu.push({ key: "participants", label: t("ticketView.actions.participants"), icon: <GroupAddIcon />, onClick: onParticipants });
  }
  if (abilities.leave) menu.push({ key: "leave", label: t("ticketView.actions.leave"), icon: <LogoutIcon />, onClick: onLeave });
  menu.push({ key: "info", label: t("ticketView.actions.info"), icon: <InfoOutlinedIcon />, onClick: commands.showInfo });
  if (abilities.delete) {
    menu.push({ key: "delete", label: t("ticketView.actions.delete"), icon: <DeleteOutlineIcon />, onClick: onDelete, danger: true });
  }

  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexShrink: 0 }}>
      {abilities.accept && (
        <Button variant="contained" onClick={commands.accept} loading={busy}>
          {t("ticketView.actions.accept")}
        </Button>
      )}
      {abilities.reopen && (
        <Button variant="outlined" startIcon={<ReplayIcon />} onClick={commands.reopen} loading={busy}>
          {t("ticketView.actions.reopen")}
        </Button>
      )}
      {!narrow && abilities.returnToPending && (
        <Button variant="outlined" startIcon={<UndoIcon />} onClick={commands.returnToPending} disabled={busy}>
          {t("ticketView.actions.return")}
        </Button>
      )}
      {abilities.resolve && (
        <>
          <Button
            ref={resolveButton}
            variant="contained"
            startIcon={narrow ? undefined : <CheckCircleOutlineIcon />}
            endIcon={<ArrowDropDownIcon />}
            aria-haspopup="menu"
            aria-expanded={resolveAnchor ? "true" : undefined}
            onClick={(event) => setResolveAnchor(event.currentTarget)}
            loading={busy}
          >
            {t("ticketView.actions.resolve")}
          </Button>
          <Menu anchorEl={resolveAnchor} open={resolveAnchor !== null} onClose={() => setResolveAnchor(null)}>
            <MenuItem
              onClick={() => {
                setResolveAnchor(null);
                commands.resolve(true);
              }}
            >
              {t("ticketView.actions.resolveWithFarewell")}
            </MenuItem>
            <MenuItem
              onClick={() => {
                setResolveAnchor(null);
                commands.resolve(false);
              }}
            >
              {t("ticketView.actions.resolveWithoutFarewell")}
            </MenuItem>
          </Menu>
        </>
      )}
      {!narrow && abilities.transfer && (
        <Tooltip title={t("ticketView.actions.transfer")}>
          <IconButton aria-label={t("ticketView.actions.transfer")} onClick={onTransfer} disabled={busy}>
            <SwapHorizIcon />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t("ticketView.actions.more")}>
        <IconButton
          aria-label={t("ticketView.actions.more")}
          aria-haspopup="menu"
          aria-expanded={moreAnchor ? "true" : undefined}
          onClick={(event) => setMoreAnchor(event.currentTarget)}
        >
          <MoreVertIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={moreAnchor} open={moreAnchor !== null} onClose={() => setMoreAnchor(null)}>
        {menu.map((item) => (
          <MenuItem
            key={item.key}
            disabled={busy}
            onClick={() => {
              setMoreAnchor(null);
              item.onClick();
            }}
            sx={item.danger ? { color: "error.main" } : undefined}
          >
            <ListItemIcon sx={item.danger ? { color: "error.main" } : undefined}>{item.icon}</ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
