import { can, type Ticket } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import InputBase from "@mui/material/InputBase";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { shortcutAction, ShortcutKeys, shortcuts, type ShortcutId } from "../../features/shortcuts";
import { lookUpTickets } from "../../features/tickets";
import { visuallyHidden } from "../../components/visually-hidden";
import { useTranslation } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { useCurrentUser } from "../../lib/session";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { configNavItems } from "../shell/config-nav-items";
import { adminNavItems, mainNavItems, mayOpen } from "../shell/nav-items";
import { matchChoices, movedIndex, type PaletteChoice } from "./palette-matching";
import { contactNumberText } from "../../lib/contact-number";

/** The open ticket's actions the palette runs, when the screen allows them now. */
const ticketActions: readonly ShortcutId[] = ["accept", "close", "transfer"];

interface Offer extends PaletteChoice {
  run: () => void;
  shortcut?: ShortcutId;
}

/**
 * Ctrl/⌘+K (docs/decisions/0076): go to a ticket by its number or its contact, to a screen the
 * user may open, or run an action on the open ticket. A combobox and its listbox: arrows move,
 * Enter chooses, Escape closes. Its own chunk: nothing of it loads before it is first opened.
 */
export function CommandPalette({ open, onClose, takeTypedEarly }: { open: boolean; onClose: () => void; takeTypedEarly: () => string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  // An action runs once the palette has closed: the menu or dialog it opens then keeps the focus.
  const afterClose = useRef<(() => void) | null>(null);
  const listId = useId();
  const titleId = useId();
  // Keys typed while the palette was still on its way (its first open downloads it).
  useEffect(() => {
    if (!open) return;
    const early = takeTypedEarly();
    if (early) setText((current) => current + early);
  }, [open, takeTypedEarly]);
  const searched = useDebouncedValue(text.trim());
  const lookup = useQuery({
    queryKey: ["command-palette", "tickets", searched],
    queryFn: ({ signal }) => lookUpTickets(searched, signal),
    enabled: open && searched !== "",
    meta: { silent: true },
  });

  const offers = useMemo((): Offer[] => {
    const go = (to: string) => () => void navigate(to);
    const isAdmin = can(user?.profile, "drawer-admin-items:view");
    const sectionItems = adminNavItems.filter((item) => !item.configuration && mayOpen(user?.profile, item));
    const screenItems = [...mainNavItems, ...sectionItems, ...(isAdmin ? configNavItems : [])];
    const screens = screenItems.map((item) => ({ key: `screen:${item.to}`, kind: "screen" as const, label: t(item.labelKey), detail: item.to, run: go(item.to) }));
    const actions = ticketActions.flatMap((id) => {
      const action = shortcutAction(id);
      return action ? [{ key: `action:${id}`, kind: "action" as const, label: t(`shortcuts.actions.${id}`), shortcut: id, run: () => (afterClose.current = action) }] : [];
    });
    const tickets = (searched === text.trim() ? (lookup.data ?? []) : []).map((ticket: Ticket) => ({
      key: `ticket:${ticket.id}`,
      kind: "ticket" as const,
      label: t("palette.ticket", { id: ticket.id, name: ticket.contact.name }),
      detail: [contactNumberText(ticket.contact.number, t), ticket.queue?.name, t(`ticketView.status.${ticket.status}`)].filter(Boolean).join(" · "),
      run: go(paths.ticket.href(ticket.id)),
    }));
    const byKey = new Map<string, Offer>([...screens, ...actions, ...tickets].map((offer) => [offer.key, offer]));
    return matchChoices(text, { tickets, screens, actions }).flatMap((choice) => byKey.get(choice.key) ?? []);
    // The open ticket's actions are read when the palette draws (it opens on top of the ticket).
  }, [text, searched, lookup.data, user?.profile, t, navigate]);

  const activeIndex = Math.min(active, offers.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;
  const choose = (offer: Offer | undefined) => {
    if (!offer) return;
    offer.run();
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setActive(movedIndex(activeIndex, event.key === "ArrowDown" ? 1 : -1, offers.length));
    } else if (event.key === "Enter") {
      event.preventDefault();
      choose(offers[activeIndex]);
    }
  };

  const status = lookup.isFetching || searched !== text.trim() ? t("palette.searching") : offers.length === 0 ? t("palette.empty") : "";
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      sx={{ "& .MuiDialog-container": { alignItems: "flex-start" } }}
      slotProps={{
        paper: { sx: { mt: { xs: 2, sm: 10 } } },
        transition: {
          onExited: () => {
            setText("");
            setActive(0);
            const action = afterClose.current;
            afterClose.current = null;
            action?.();
          },
        },
      }}
    >
      <Box component="h2" id={titleId} sx={visuallyHidden}>
        {t("palette.label")}
      </Box>
      <InputBase
        autoFocus
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        placeholder={t("palette.placeholder")}
        inputProps={{
          role: "combobox",
          "aria-label": t("palette.input"),
          "aria-expanded": true,
          "aria-controls": listId,
          "aria-autocomplete": "list",
          "aria-activedescendant": activeIndex >= 0 ? optionId(activeIndex) : undefined,
        }}
        sx={{ px: 2, py: 1.5, fontSize: "1.1rem", borderBottom: 1, borderColor: "divider" }}
      />
      <Box component="ul" role="listbox" id={listId} aria-label={t("palette.results")} sx={{ listStyle: "none", m: 0, p: 0.5, maxHeight: 360, overflowY: "auto" }}>
        {offers.map((offer, index) => (
          <Box
            component="li"
            key={offer.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            onMouseMove={() => setActive(index)}
            onClick={() => choose(offer)}
            sx={{
              display: "flex",
              alignItems: "center",
              gap: 1.5,
              px: 1.5,
              py: 1,
              borderRadius: 1,
              cursor: "pointer",
              bgcolor: index === activeIndex ? "action.selected" : undefined,
            }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography noWrap>{offer.label}</Typography>
              {offer.detail && (
                <Typography variant="body2" color="text.secondary" noWrap>
                  {offer.detail}
                </Typography>
              )}
            </Box>
            <Typography variant="caption" color="text.secondary">
              {t(`palette.kinds.${offer.kind}`)}
            </Typography>
            {offer.shortcut && <ShortcutKeys keys={shortcuts.find((shortcut) => shortcut.id === offer.shortcut)?.keys ?? []} />}
          </Box>
        ))}
      </Box>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ px: 2, py: status ? 1 : 0 }}>
        {status}
      </Typography>
    </Dialog>
  );
}
