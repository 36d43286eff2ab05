import type { Tag } from "@atendo/contracts";
import Box, { type BoxProps } from "@mui/material/Box";
import type { ChipProps } from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { QueueChip } from "../../../components/queue-chip";
import { visuallyHidden } from "../../../components/visually-hidden";

/** A tag's name on its colour, read in black or white (the queue chip's look). */
export function TagChip({ tag, ...chipProps }: { tag: Pick<Tag, "name" | "color"> } & Omit<ChipProps, "label" | "color">) {
  return <QueueChip name={tag.name} color={tag.color} {...chipProps} />;
}

/**
 * A record's tags in a row that wraps; nothing when it has none. Small: for list rows. With `max`,
 * the first `max` and "+N" for the others (named in its tooltip), for a row of one line.
 */
export function TagChips({ tags, max, sx, ...boxProps }: { tags: readonly Tag[]; max?: number } & BoxProps) {
  if (tags.length === 0) return null;
  const shown = max === undefined ? tags : tags.slice(0, max);
  const rest = tags.slice(shown.length);
  return (
    <Box component="ul" sx={[{ display: "flex", flexWrap: "wrap", gap: 0.5, m: 0, p: 0, listStyle: "none", minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]} {...boxProps}>
      {shown.map((tag) => (
        <li key={tag.id} style={{ minWidth: 0 }}>
          <TagChip tag={tag} sx={{ height: 20, fontSize: "0.7rem", maxWidth: 140 }} />
        </li>
      ))}
      {rest.length > 0 && (
        <Typography component="li" variant="caption" color="text.secondary" title={rest.map((tag) => tag.name).join(", ")} sx={{ flexShrink: 0 }}>
          <span aria-hidden>+{rest.length}</span>
          <Box component="span" sx={visuallyHidden}>
            {rest.map((tag) => tag.name).join(", ")}
          </Box>
        </Typography>
      )}
    </Box>
  );
}
