import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";

interface LicenceUsageProps {
  label: string;
  used: number;
  limit: number;
}

/** "3 / 5" with a bar; red once the licence limit is exceeded (spec: About). */
export function LicenceUsage({ label, used, limit }: LicenceUsageProps) {
  const over = used > limit;
  return (
    <Box>
      <Box sx={{ display: "flex", justifyContent: "space-between", mb: 0.5 }}>
        <Typography variant="body2">{label}</Typography>
        <Typography
          variant="body2"
          sx={{ fontWeight: 700, color: over ? "error.main" : "text.primary" }}
          aria-label={`${label}: ${used} / ${limit}`}
        >
          {used} / {limit}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, (used / limit) * 100)}
        color={over ? "error" : "primary"}
        aria-hidden
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
