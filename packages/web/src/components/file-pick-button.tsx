import AttachFileIcon from "@mui/icons-material/AttachFile";
import Button from "@mui/material/Button";
import { useRef, type ReactNode } from "react";

interface FilePickButtonProps {
  label: string;
  /** The picker's filter (`.csv,text/csv`, `image/*,…`). */
  accept?: string;
  onPick: (file: File) => void;
  disabled?: boolean;
  icon?: ReactNode;
  loading?: boolean;
}

/** A button (keyboard reachable, named) opening the system's file picker. */
export function FilePickButton({ label, accept, onPick, disabled, icon = <AttachFileIcon />, loading }: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outlined" startIcon={icon} onClick={() => input.current?.click()} disabled={disabled} loading={loading} sx={{ flexShrink: 0 }}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={label}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // Cleared so that choosing the same file again is seen as a change.
          event.target.value = "";
          if (chosen) onPick(chosen);
        }}
      />
    </>
  );
}
