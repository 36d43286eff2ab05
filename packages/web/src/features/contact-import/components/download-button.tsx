import DownloadIcon from "@mui/icons-material/Download";
import Button, { type ButtonProps } from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { useDownload } from "../../../lib/use-download";

interface DownloadButtonProps extends Pick<ButtonProps, "variant" | "size" | "color" | "sx"> {
  /** The button's text; `description`, when given, is its full name for assistive technology. */
  label: string;
  description?: string;
  /** Fetched on click only (with the bearer token), then saved as `fileName`. */
  fetchFile: () => Promise<Blob>;
  fileName: string;
}

/** A file from the API saved on click (a template, the failed rows), with a spinner meanwhile. */
export function DownloadButton({ label, description, fetchFile, fileName, variant = "text", size = "small", color, sx }: DownloadButtonProps) {
  const { busy, download } = useDownload(fetchFile, fileName);
  return (
    <Button
      variant={variant}
      size={size}
      color={color}
      sx={{ flexShrink: 0, ...sx }}
      disabled={busy}
      aria-label={description}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
      onClick={download}
    >
      {label}
    </Button>
  );
}
