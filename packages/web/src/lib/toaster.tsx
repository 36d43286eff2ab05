import Alert from "@mui/material/Alert";
import Portal from "@mui/material/Portal";
import Snackbar from "@mui/material/Snackbar";
import { useState } from "react";
import { dismissToast, useToastQueue, type Toast } from "./toast";

/**
 * Renders the toast queue with MUI Snackbar + Alert, one message at a time. A newer message
 * closes the current one early, so a 5-second info never holds back the next toast.
 *
 * The snackbar is portalled to <body> and exists only while shown: an open dialog marks the app
 * root (and everything else then in <body>) aria-hidden, and an error about the dialog's own
 * submit must still be announced and reachable.
 *
 * At the top: at the bottom it covered what one acts with next — a dialog's Save (its actions sit
 * at the foot of a tall dialog, and of every dialog on a phone) and the ticket's composer — and
 * hovering it to reach them paused its timer.
 */
export function Toaster() {
  const queue = useToastQueue();
  const current = queue[0];
  // Keeps the leaving toast's content during the exit transition.
  const [shown, setShown] = useState<Toast | undefined>(current);
  const [open, setOpen] = useState(Boolean(current));
  if (current && current.id !== shown?.id) {
    setShown(current);
    setOpen(true);
  } else if (open && queue.length > 1) {
    setOpen(false);
  }

  function close(_event?: unknown, reason?: string): void {
    if (reason === "clickaway") return;
    setOpen(false);
  }

  return (
    <Portal>
      <Snackbar
        key={shown?.id}
        open={open && Boolean(shown)}
        autoHideDuration={shown?.durationMs ?? null}
        onClose={close}
        anchorOrigin={{ vertical: "top", horizontal: "center" }}
        slotProps={{ transition: { onExited: () => shown && dismissToast(shown.id) } }}
      >
        <Alert severity={shown?.severity ?? "info"} variant="filled" onClose={close} sx={{ width: "100%" }}>
          {shown?.message}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
