import { noteBodyMax, type MentionCandidate, type Ticket } from "@atendo/contracts";
import LockOutlined from "@mui/icons-material/LockOutlined";
import SendIcon from "@mui/icons-material/Send";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import InputBase from "@mui/material/InputBase";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Tooltip from "@mui/material/Tooltip";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { isApiError } from "../../../lib/api-error";
import { toastError } from "../../../lib/error-message";
import { useTranslation } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { addParticipants, mentionCandidates } from "../api/notes.api";
import { useNoteActions } from "../hooks/use-ticket-notes";
import { insertMention, matchingCandidates, mentionAtCaret, mentionedIds } from "../lib/mention-query";
import { noteColors } from "./private-note-bubble";

export interface NoteComposerProps {
  ticket: Ticket;
  /** Whether the user may add participants (the owner of the open ticket, an admin): offered for a mention who cannot see it. */
  canAddParticipants: boolean;
}

const candidatesKey = (ticketId: number) => ["mentionCandidates", ticketId] as const;

/**
 * The private note's input (decision 0073): `@` opens a picker of the team (arrows, Enter or Tab
 * to pick, Escape to close), the names stay in the text and their ids go with the note. A mention
 * the server refuses (they cannot see the ticket) is offered as a participant to add, then sent again.
 */
export function NoteComposer({ ticket, canAddParticipants }: NoteComposerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { create } = useNoteActions(ticket.id);
  const input = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<{ id: number; name: string }[]>([]);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [invite, setInvite] = useState<MentionCandidate[] | null>(null);
  const candidates = useQuery({ queryKey: candidatesKey(ticket.id), queryFn: ({ signal }) => mentionCandidates(ticket.id, signal), staleTime: 30_000 });

  const at = mentionAtCaret(text, caret);
  const options = at && at.start !== dismissedAt ? matchingCandidates(candidates.data ?? [], at.query) : [];
  const open = options.length > 0;
  const current = Math.min(active, options.length - 1);

  const edit = (next: string, nextCaret: number) => {
    setText(next);
    setCaret(nextCaret);
    setActive(0);
    // An @ closed with Escape stays closed while it is typed on; a new @ opens the picker again.
    if (!mentionAtCaret(next, nextCaret)) setDismissedAt(null);
  };
  const pick = (person: MentionCandidate) => {
    if (!at) return;
    const next = insertMention(text, at, person.name);
    edit(next.text, next.caret);
    setPicked((list) => [...list.filter((p) => p.id !== person.id), { id: person.id, name: person.name }]);
    requestAnimationFrame(() => input.current?.setSelectionRange(next.caret, next.caret));
  };

  const send = async () => {
    const body = text.trim();
    if (!body || create.isPending) return;
    const ids = mentionedIds(body, picked);
    try {
      await create.mutateAsync({ body, mentionedUserIds: ids });
      edit("", 0);
      setPicked([]);
    } catch (error) {
      if (!isApiError(error, "ERR_MENTION_NOT_VISIBLE")) return; // toasted by the mutation cache
      const fresh = await queryClient.fetchQuery({ queryKey: candidatesKey(ticket.id), queryFn: () => mentionCandidates(ticket.id), staleTime: 0 });
      const hidden = fresh.filter((person) => ids.includes(person.id) && !person.seesTicket);
      if (!canAddParticipants || hidden.length === 0) return toastError(error);
      setInvite(hidden);
    }
  };

  const inviteAndSend = async (people: MentionCandidate[]) => {
    setInvite(null);
    try {
      await addParticipants(ticket.id, people.map((person) => person.id));
      await queryClient.invalidateQueries({ queryKey: candidatesKey(ticket.id) });
      toast.success(t("notes.invited", { names: people.map((person) => person.name).join(", ") }));
      await send();
    } catch (error) {
      toastError(error);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (open) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((current + step + options.length) % options.length);
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        pick(options[current]!);
        return;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        setDismissedAt(at?.start ?? null);
        return;
      }
    }
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <Box component="section" aria-label={t("notes.composer.label")} sx={{ position: "relative", p: 1, bgcolor: noteColors.background, borderTop: `2px solid ${noteColors.border}` }}>
      {open && (
        <Paper elevation={6} sx={{ position: "absolute", bottom: "100%", left: 8, right: 8, maxWidth: 360, mb: 0.5, zIndex: 2 }}>
          <List id={listId} role="listbox" aria-label={t("notes.picker.label")} dense disablePadding>
            {options.map((person, index) => (
              <ListItemButton
                key={person.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === current}
                selected={index === current}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(person)}
              >
                <ListItemText primary={person.name} secondary={person.seesTicket ? null : t("notes.picker.cannotSee")} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
      <Box sx={{ display: "flex", alignItems: "flex-end", gap: 1, bgcolor: "background.paper", borderRadius: 2, border: `1px solid ${noteColors.border}`, pl: 1.5, pr: 0.5, py: 0.5 }}>
        <LockOutlined sx={{ color: noteColors.text, alignSelf: "center", fontSize: 20 }} aria-hidden />
        <InputBase
          inputRef={input}
          multiline
          maxRows={6}
          value={text}
          placeholder={t("notes.composer.placeholder")}
          onChange={(event) => edit(event.target.value, event.target.selectionStart ?? event.target.value.length)}
          onSelect={(event) => setCaret((event.target as HTMLTextAreaElement).selectionStart ?? 0)}
          onKeyDown={onKeyDown}
          sx={{ flex: 1, py: 0.75 }}
          slotProps={{
            input: {
              "aria-label": t("notes.composer.label"),
              maxLength: noteBodyMax,
              role: "combobox",
              "aria-expanded": open,
              "aria-controls": open ? listId : undefined,
              "aria-autocomplete": "list",
              "aria-activedescendant": open ? optionId(current) : undefined,
            },
          }}
        />
        <Tooltip title={t("notes.composer.send")}>
          <span>
            <IconButton color="primary" onClick={() => void send()} disabled={!text.trim() || create.isPending} aria-label={t("notes.composer.send")}>
              <SendIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <ConfirmDialog
        open={invite !== null}
        title={t("notes.invite.title")}
        message={t("notes.invite.message", { names: (invite ?? []).map((person) => person.name).join(", ") })}
        confirmLabel={t("notes.invite.confirm")}
        onConfirm={() => invite && void inviteAndSend(invite)}
        onClose={() => setInvite(null)}
      />
    </Box>
  );
}
