import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

interface PageProps {
  title: string;
  actions?: ReactNode;
  /** Readable width for forms and cards; lists will want the full width. */
  narrow?: boolean;
  /** Fills the height of the shell so a list below the heading can scroll on its own. */
  fill?: boolean;
  children: ReactNode;
}

/** A page inside the shell: heading, optional actions, content. */
export function Page({ title, actions, narrow, fill, children }: PageProps) {
  return (
    <Box
      sx={{
        p: { xs: 2, md: 3 },
        maxWidth: narrow ? 880 : undefined,
        width: "100%",
        mx: narrow ? "auto" : 0,
        ...(fill && { height: "100%", display: "flex", flexDirection: "column", minHeight: 360 }),
      }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: { xs: 2, md: 3 }, flexWrap: "wrap" }}>
        {/* Sized by its text (not flex-basis 0): when the heading and the actions do not fit on one
            line, the actions wrap below it instead of squeezing it under them (issue 28). */}
        <Typography variant="h1" component="h1" sx={{ flex: "1 1 auto", minWidth: 0 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
