import { noteBodyMax, type TicketNote } from "@atendo/contracts";
import DialogContent from "@mui/material/DialogContent";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { DialogSubmitActions } from "../../../components/dialog-submit-actions";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { useTranslation } from "../../../lib/i18n";
import { useNoteActions } from "../hooks/use-ticket-notes";
import { mentionedIds } from "../lib/mention-query";

/** Its author rewrites a note; the people it mentioned stay mentioned while their @Name stays in the text. */
export function EditNoteDialog({ note, onClose }: { note: TicketNote | null; onClose: () => void }) {
  return note ? <EditNoteForm key={note.id} note={note} onClose={onClose} /> : null;
}

function EditNoteForm({ note, onClose }: { note: TicketNote; onClose: () => void }) {
  const { t } = useTranslation();
  const { update } = useNoteActions(note.ticketId);
  const [text, setText] = useState(note.body);
  const save = () =>
    update.mutate({ noteId: note.id, body: { body: text.trim(), mentionedUserIds: mentionedIds(text, note.mentionedUsers) } }, { onSuccess: onClose });
  return (
    <ResponsiveDialog open onClose={onClose} title={t("notes.editTitle")}>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          label={t("notes.composer.label")}
          slotProps={{ htmlInput: { maxLength: noteBodyMax } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogSubmitActions label={t("common.save")} onCancel={onClose} pending={update.isPending} disabled={!text.trim() || text.trim() === note.body} onConfirm={save} />
    </ResponsiveDialog>
  );
}
