import type { ContactImport } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";

const counts = [
  ["total", "totalCount", "text.primary"],
  ["imported", "successCount", "success.main"],
  ["failed", "failedCount", "error.main"],
  ["repeated", "repeatedCount", "warning.main"],
] as const;

/**
 * Total, imported, failed and repeated rows, as a description list: four across when the dialog
 * has the room, else two by two (a container query: the dialog's width decides, not the window's).
 */
export function ImportCounts({ contactImport }: { contactImport: ContactImport }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Box sx={{ containerType: "inline-size" }}>
      <Box
        component="dl"
        sx={{
          display: "grid",
          gridTemplateColumns: "repeat(2, 1fr)",
          gap: 1,
          m: 0,
          "@container (min-width: 25rem)": { gridTemplateColumns: "repeat(4, 1fr)" },
        }}
      >
        {counts.map(([name, field, color]) => (
          <Box key={name} sx={{ border: 1, borderColor: "divider", borderRadius: 1, px: 1.25, py: 1, minWidth: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(`contactImport.counts.${name}`)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0, color, fontVariantNumeric: "tabular-nums" }}>
              {number.format(contactImport[field])}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
