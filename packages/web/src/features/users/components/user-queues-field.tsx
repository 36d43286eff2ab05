import type { Queue } from "@atendo/contracts";
import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { useTranslation } from "../../../lib/i18n";
import { QueueChip } from "../../../components/queue-chip";
import { queueOptionProps } from "../../../components/queue-option";
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
      {...queueOptionProps}
      noOptionsText={t("users.noQueues")}
      loadingText={t("common.loading")}
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
