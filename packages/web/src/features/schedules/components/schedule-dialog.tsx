import { dateTimeInputBounds, limits, recurrenceUnits, type Schedule } from "@atendo/contracts";
import CloseIcon from "@mui/icons-material/Close";
import InsertDriveFileOutlined from "@mui/icons-material/InsertDriveFileOutlined";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import DialogContent from "@mui/material/DialogContent";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState, type FormEvent } from "react";
import { DialogForm } from "../../../components/dialog-form";
import { DialogSubmitActions } from "../../../components/dialog-submit-actions";
import { FilePickButton } from "../../../components/file-pick-button";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { useTranslation } from "../../../lib/i18n";
import { readPreference, storageKeys } from "../../../lib/local-storage";
import { displayTimeZone } from "../../../lib/time-zone";
import { savedAndClose } from "../../../lib/use-saved-and-back";
import { useSaveSchedule } from "../hooks/use-schedules";
import { bodyOf, draftOf, draftProblem, fileTooBig, type ScheduleDraft } from "../lib/schedule-draft";

/** What the picker offers (the server reads the type from the content and has the last word). */
const fileTypes = "image/*,video/*,audio/*,application/pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv,.zip";

/** The file going with the message: its name, and a button taking it off. */
function AttachedFile({ name, onRemove }: { name: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", border: 1, borderColor: "divider", borderRadius: 1, p: 0.5, pl: 1 }} data-testid="schedule-file">
      <InsertDriveFileOutlined color="action" />
      <Typography variant="body2" noWrap title={name} sx={{ flex: 1, minWidth: 0 }}>
        {name}
      </Typography>
      <IconButton size="small" onClick={onRemove} aria-label={t("schedules.removeFile", { name })}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

export interface ScheduleDialogProps {
  open: boolean;
  onClose: () => void;
  /** The schedule being edited; null for a new one. */
  schedule: Schedule | null;
  /** A new one's contact and connection (the conversation's, from the composer). */
  contactId?: number;
  whatsappId?: number | null;
  /** A new one's text (what the composer held). */
  initialBody?: string;
  /** After a new one was saved (the composer clears what was typed). */
  onCreated?: () => void;
}

/**
 * Write a message to send later (issue 31): the text, the date and time on the install's clock
 * (its zone named under the field), and whether it repeats every n days, weeks or months, until
 * when. Mounted afresh each time it opens (the draft is read once).
 */
export function ScheduleDialog(props: ScheduleDialogProps) {
  const { t } = useTranslation();
  return (
    <ResponsiveDialog open={props.open} onClose={props.onClose} title={t(props.schedule ? "schedules.editTitle" : "schedules.newTitle")}>
      {props.open && <ScheduleForm key={props.schedule?.id ?? "new"} {...props} />}
    </ResponsiveDialog>
  );
}

function ScheduleForm({ onClose, schedule, contactId, whatsappId, initialBody, onCreated }: ScheduleDialogProps) {
  const { t } = useTranslation();
  // A new one is signed as the composer's signature toggle stands (its preference, on unless turned off).
  const [draft, setDraft] = useState<ScheduleDraft>(() => draftOf(schedule, initialBody, new Date(), readPreference(storageKeys.signOption) !== "false"));
  /** A file chosen here (new, or replacing the saved one). */
  const [file, setFile] = useState<File | null>(null);
  /** Whether the file it was saved with stays (an edited one's, until removed). */
  const [keepSaved, setKeepSaved] = useState(true);
  const [tried, setTried] = useState(false);
  const save = useSaveSchedule(schedule?.id ?? null);
  const problem = draftProblem(draft) ?? (file && fileTooBig(file) ? "file" : null);
  const saved = keepSaved ? (schedule?.media ?? null) : null;
  const shown = tried ? problem : null;
  const change = (patch: Partial<ScheduleDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    const body = bodyOf(draft);
    const dropsSaved = !!schedule?.media && !keepSaved && !file;
    const payload = schedule ? { ...body, ...(dropsSaved ? { media: null } : {}) } : { ...body, contactId: contactId!, whatsappId: whatsappId ?? undefined };
    save.mutate({ body: payload, media: file }, {
      onSuccess: savedAndClose(t("schedules.saved"), () => {
        if (!schedule) onCreated?.();
        onClose();
      }),
    });
  };

  return (
    <DialogForm onSubmit={submit}>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            label={t("schedules.body")}
            value={draft.body}
            onChange={(event) => change({ body: event.target.value })}
            required
            multiline
            minRows={3}
            autoFocus
            error={shown === "body"}
            helperText={shown === "body" ? t("schedules.problems.body") : " "}
            slotProps={{ htmlInput: { maxLength: limits.messageBodyMax } }}
          />
          <TextField
            type="datetime-local"
            label={t("schedules.sendAt")}
            value={draft.sendAt}
            onChange={(event) => change({ sendAt: event.target.value })}
            required
            error={shown === "sendAt" || shown === "past"}
            helperText={shown === "sendAt" || shown === "past" ? t(`schedules.problems.${shown}`) : t("schedules.timeZone", { zone: displayTimeZone() })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: dateTimeInputBounds }}
          />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <TextField
              select
              label={t("schedules.repeat")}
              value={draft.repeat}
              onChange={(event) => change({ repeat: event.target.value as ScheduleDraft["repeat"] })}
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="never">{t("schedules.repeatNever")}</MenuItem>
              {recurrenceUnits.map((unit) => (
                <MenuItem key={unit} value={unit}>
                  {t(`schedules.every.${unit}`)}
                </MenuItem>
              ))}
            </TextField>
            {draft.repeat !== "never" && (
              <TextField
                type="number"
                label={t("schedules.interval")}
                value={Number.isNaN(draft.interval) ? "" : draft.interval}
                onChange={(event) => change({ interval: Number.parseInt(event.target.value, 10) })}
                error={shown === "interval"}
                helperText={t("schedules.intervalHint", { unit: t(`schedules.units.${draft.repeat}`), ...limits.scheduleInterval })}
                slotProps={{ htmlInput: { min: limits.scheduleInterval.min, max: limits.scheduleInterval.max } }}
                sx={{ maxWidth: { sm: 160 } }}
              />
            )}
          </Stack>
          {draft.repeat !== "never" && (
            <TextField
              type="datetime-local"
              label={t("schedules.until")}
              value={draft.until}
              onChange={(event) => change({ until: event.target.value })}
              error={shown === "until"}
              helperText={shown === "until" ? t("schedules.problems.until") : t("schedules.untilHint")}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { ...dateTimeInputBounds, min: draft.sendAt || dateTimeInputBounds.min } }}
            />
          )}
          <Stack spacing={0.5}>
            {file ? (
              <AttachedFile name={file.name} onRemove={() => setFile(null)} />
            ) : saved ? (
              <AttachedFile name={saved.fileName} onRemove={() => setKeepSaved(false)} />
            ) : (
              <Box>
                <FilePickButton label={t("schedules.attach")} accept={fileTypes} onPick={setFile} />
              </Box>
            )}
            {file && fileTooBig(file) && (
              <Typography variant="caption" color="error" role="alert">
                {t("schedules.problems.file")}
              </Typography>
            )}
          </Stack>
          <FormControlLabel
            control={<Checkbox checked={draft.signed} onChange={(event) => change({ signed: event.target.checked })} />}
            label={t("schedules.signed")}
          />
        </Stack>
      </DialogContent>
      <DialogSubmitActions label={t(schedule ? "common.save" : "schedules.schedule")} onCancel={onClose} pending={save.isPending} />
    </DialogForm>
  );
}
