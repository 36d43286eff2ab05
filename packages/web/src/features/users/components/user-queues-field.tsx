import type { Queue } from "@atendo/contracts";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { QueueChip } from "../../../components/queue-chip";
import type { FieldBinding } from "../../../lib/form";
import { useQueues } from "../../queues";

/** The queues a user attends, chosen among every queue (GET /queue). */
export function UserQueuesField({ value, onChange, onBlur }: FieldBinding<number[]>) {
  const { t } = useTranslation();
  const query = useQueues();
  const queues = query.data ?? [];
  const selected = queues.filter((queue) => value.includes(queue.id));
  return (
    <Autocomplete<Queue, true>
      multiple
      options={queues}
      value={selected}
      onChange={(_event, chosen) => onChange(chosen.map((queue) => queue.id))}
      onBlur={onBlur}
      loading={query.isPending}
      disableCloseOnSelect
      filterSelectedOptions
      getOptionLabel={(queue) => queue.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      noOptionsText={t("users.noQueues")}
      loadingText={t("common.loading")}
      renderOption={({ key, ...props }, queue) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
          <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: queue.color, flexShrink: 0 }} />
          {queue.name}
        </Box>
      )}
      renderValue={(chosen, getItemProps) =>
        chosen.map((queue, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <QueueChip key={key} {...itemProps} name={queue.name} color={queue.color} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={t("users.queues")} />}
    />
  );
}
