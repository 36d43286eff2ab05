import Box from "@mui/material/Box";
import type { FormEventHandler, ReactNode } from "react";

interface DialogFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/**
 * A form filling a dialog: a flex column, so a long DialogContent scrolls on its own and the
 * DialogActions (the submit button) stay in view.
 */
export function DialogForm({ onSubmit, children }: DialogFormProps) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: "flex", flexDirection: "column", flex: "1 1 auto", minHeight: 0 }}
    >
      {children}
    </Box>
  );
}
