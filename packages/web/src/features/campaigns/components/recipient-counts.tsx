import { recipientStatuses, type RecipientCounts, type RecipientStatus } from "@atendo/contracts";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";

interface RecipientCountsProps {
  counts: RecipientCounts;
  /** The status the recipients table shows (null: all); a count's tile picks it. */
  selected: RecipientStatus | null;
  onSelect: (status: RecipientStatus | null) => void;
}

/** How many recipients stand in each status, one tile each; a tile narrows the table below to its recipients. */
export function RecipientCountTiles({ counts, selected, onSelect }: RecipientCountsProps) {
  const { t } = useTranslation();
  return (
    <Box component="ul" aria-label={t("campaigns.detail.counts")} sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(104px, 1fr))", gap: 1, p: 0, m: 0, listStyle: "none" }}>
      {recipientStatuses.map((status) => {
        const pressed = selected === status;
        return (
          <li key={status}>
            <ButtonBase
              aria-pressed={pressed}
              onClick={() => onSelect(pressed ? null : status)}
              sx={{
                width: "100%",
                flexDirection: "column",
                alignItems: "flex-start",
                p: 1,
                borderRadius: 1,
                border: 1,
                borderColor: pressed ? "primary.main" : "divider",
                bgcolor: pressed ? "action.selected" : undefined,
                "&.Mui-focusVisible": { outline: 2, outlineColor: "primary.main", outlineStyle: "solid" },
              }}
            >
              <Typography variant="h3" component="span" sx={{ fontVariantNumeric: "tabular-nums" }}>
                {counts[status]}
              </Typography>
              {/* Named "20 Queued" (its visible text, spaced). */}{" "}
              <Typography variant="caption" color="text.secondary" component="span">
                {t(`campaigns.recipientStatuses.${status}`)}
              </Typography>
            </ButtonBase>
          </li>
        );
      })}
    </Box>
  );
}
