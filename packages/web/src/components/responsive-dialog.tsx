import Dialog from "@mui/material/Dialog";
import DialogTitle from "@mui/material/DialogTitle";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useId, type ReactNode } from "react";

interface ResponsiveDialogProps {
  open: boolean;
  onClose: () => void;
  /** The heading, which also names the dialog for assistive technology. */
  title: ReactNode;
  /** "sm" for forms, "xs" for short pickers and notices. */
  maxWidth?: "xs" | "sm";
  /** Takes the whole screen below the `sm` breakpoint (phones); off for short notices. */
  fullScreenOnPhone?: boolean;
  /** Runs once the closing transition has ended (e.g. to leave the dialog's own route). */
  onExited?: () => void;
  /** DialogContent and DialogActions, or a form holding them. */
  children: ReactNode;
}

/** The app's modal: full width up to `maxWidth`, full screen on phones, labelled by its title. */
export function ResponsiveDialog({ open, onClose, title, maxWidth = "sm", fullScreenOnPhone = true, onExited, children }: ResponsiveDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreenOnPhone && phone}
      aria-labelledby={titleId}
      slotProps={onExited ? { transition: { onExited } } : undefined}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}
