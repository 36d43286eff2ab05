import { dateTimeInputBounds, limits, recurrenceUnits, type Schedule } from "@atendo/contracts";
import DialogContent from "@mui/material/DialogContent";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState, type FormEvent } from "react";
import { DialogForm } from "../../../components/dialog-form";
import { DialogSubmitActions } from "../../../components/dialog-submit-actions";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { useTranslation } from "../../../lib/i18n";
import { displayTimeZone } from "../../../lib/time-zone";
import { savedAndClose } from "../../../lib/use-saved-and-back";
import { useSaveSchedule } from "../hooks/use-schedules";
import { bodyOf, draftOf, draftProblem, type ScheduleDraft } from "../lib/schedule-draft";

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
  const [draft, setDraft] = useState<ScheduleDraft>(() => draftOf(schedule, initialBody));
  const [tried, setTried] = useState(false);
  const save = useSaveSchedule(schedule?.id ?? null);
  const problem = draftProblem(draft);
  const shown = tried ? problem : null;
  const change = (patch: Partial<ScheduleDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    const body = bodyOf(draft);
    const payload = schedule ? body : { ...body, contactId: contactId!, whatsappId: whatsappId ?? undefined };
    save.mutate(payload, {
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
        </Stack>
      </DialogContent>
      <DialogSubmitActions label={t(schedule ? "common.save" : "schedules.schedule")} onCancel={onClose} pending={save.isPending} />
    </DialogForm>
  );
}
