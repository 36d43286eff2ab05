import type { QueueRef } from "@atendo/contracts";
import Box from "@mui/material/Box";
import type { HTMLAttributes, Key } from "react";

/** What every queue picker (an Autocomplete of queues) shares: queues named, listed with their colour. */
export const queueOptionProps = {
  getOptionLabel: (queue: QueueRef) => queue.name,
  isOptionEqualToValue: (option: QueueRef, chosen: QueueRef) => option.id === chosen.id,
  renderOption: ({ key, ...props }: HTMLAttributes<HTMLLIElement> & { key: Key }, queue: QueueRef) => (
    <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
      <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: queue.color, flexShrink: 0 }} />
      {queue.name}
    </Box>
  ),
};
