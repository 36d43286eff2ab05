import Stack from "@mui/material/Stack";
import type { SvgIconProps } from "@mui/material/SvgIcon";
import Typography from "@mui/material/Typography";
import type { ComponentType, ReactNode } from "react";

interface MessageNoteProps {
  Icon: ComponentType<SvgIconProps>;
  children: ReactNode;
  /** At the size of a message's text, for a note that stands in for the message (deleted); else small. */
  large?: boolean;
  italic?: boolean;
  /** Room under the note, above the message it introduces. */
  spaceBelow?: boolean;
}

/** A line about a message, in grey with its icon: forwarded, automatic, deleted (spec §3, §4). */
export function MessageNote({ Icon, children, large = false, italic = false, spaceBelow = false }: MessageNoteProps) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", color: "text.secondary", mb: spaceBelow ? 0.25 : undefined }}>
      <Icon sx={{ fontSize: large ? 16 : 14 }} aria-hidden />
      <Typography variant={large ? "body2" : "caption"} sx={italic ? { fontStyle: "italic" } : undefined}>
        {children}
      </Typography>
    </Stack>
  );
}
