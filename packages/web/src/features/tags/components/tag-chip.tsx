import type { Tag } from "@atendo/contracts";
import Box, { type BoxProps } from "@mui/material/Box";
import type { ChipProps } from "@mui/material/Chip";
import { QueueChip } from "../../../components/queue-chip";

/** A tag's name on its colour, read in black or white (the queue chip's look). */
export function TagChip({ tag, ...chipProps }: { tag: Pick<Tag, "name" | "color"> } & Omit<ChipProps, "label" | "color">) {
  return <QueueChip name={tag.name} color={tag.color} {...chipProps} />;
}

/** A record's tags in a row that wraps; nothing when it has none. Small: for list rows. */
export function TagChips({ tags, sx, ...boxProps }: { tags: readonly Tag[] } & BoxProps) {
  if (tags.length === 0) return null;
  return (
    <Box component="ul" sx={[{ display: "flex", flexWrap: "wrap", gap: 0.5, m: 0, p: 0, listStyle: "none", minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]} {...boxProps}>
      {tags.map((tag) => (
        <li key={tag.id} style={{ minWidth: 0 }}>
          <TagChip tag={tag} sx={{ height: 20, fontSize: "0.7rem", maxWidth: 140 }} />
        </li>
      ))}
    </Box>
  );
}
