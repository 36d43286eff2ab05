import Box from "@mui/material/Box";
import type { ReactNode } from "react";

/** Search box and buttons beside a list page's heading; takes the full width on narrow screens. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1,
        flexWrap: "nowrap",
        width: { xs: "100%", md: "auto" },
        justifyContent: "flex-end",
        flex: { md: "0 1 auto" },
      }}
    >
      {children}
    </Box>
  );
}
