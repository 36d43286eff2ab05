import { userRef, type Monitoring, type Queue, type UserRef } from "@atendo/contracts";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useController, type Control } from "react-hook-form";
import { z } from "zod";
import { useTranslation } from "../../../lib/i18n";
import type { EntityField } from "../../../components/entity-fields";
import { queueOptionProps } from "../../../components/queue-option";
import { UserAutocomplete } from "../../../components/users-autocomplete";
import { useQueues } from "../../queues";
import { chooseQueue, chooseUser, initialChoice, ownerChoices, queueChoices, type OwnerQueueChoice } from "./owner-queue-choice";

/** The owner as the picked user (required), the queue by id (none = null, spec §5). */
const ownerQueueShape = { user: userRef.nullable().pipe(userRef), queueId: z.number().nullable() };
type OwnerQueueControl = Control<z.input<z.ZodObject<typeof ownerQueueShape>>, unknown, z.output<z.ZodObject<typeof ownerQueueShape>>>;

/**
 * The owner and queue autocompletes (spec §2): a chosen queue narrows the owners to its members,
 * a chosen owner the queues to theirs, and clearing one clears what was chosen under it.
 */
function OwnerQueueFields({ control }: { control: OwnerQueueControl }) {
  const { t } = useTranslation();
  const queues = useQueues();
  const all = queues.data ?? [];
  const user = useController({ control, name: "user" });
  const queueId = useController({ control, name: "queueId" });
  const [lead, setLead] = useState<OwnerQueueChoice["lead"]>(() => initialChoice(user.field.value, queueId.field.value).lead);
  const choice: OwnerQueueChoice = { user: user.field.value, queueId: queueId.field.value, lead };
  const owners = ownerChoices(all, choice.queueId);

  function apply(next: OwnerQueueChoice): void {
    if (next.user !== choice.user) user.field.onChange(next.user);
    if (next.queueId !== choice.queueId) queueId.field.onChange(next.queueId);
    setLead(next.lead);
  }

  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <UserAutocomplete
          value={choice.user}
          onChange={(picked: UserRef | null) => apply(chooseUser(choice, picked, all))}
          onBlur={user.field.onBlur}
          choices={owners ?? undefined}
          label={t("monitorings.owner")}
          required
          error={Boolean(user.fieldState.error)}
          helperText={user.fieldState.error ? t("monitorings.ownerRequired") : t(owners ? "monitorings.ownerOfQueue" : "monitorings.ownerHint")}
          noOptionsText={t(owners ? "monitorings.noQueueMembers" : "monitorings.noUsers")}
        />
      </Box>
      <Autocomplete<Queue, false>
        sx={{ flex: 1, minWidth: 0 }}
        options={queueChoices(all, choice.user?.id ?? null)}
        value={all.find((queue) => queue.id === choice.queueId) ?? null}
        onChange={(_event, picked) => apply(chooseQueue(choice, picked?.id ?? null, all))}
        onBlur={queueId.field.onBlur}
        loading={queues.isPending}
        {...queueOptionProps}
        noOptionsText={t(choice.user ? "monitorings.noOwnerQueues" : "monitorings.noQueues")}
        loadingText={t("common.loading")}
        renderInput={(params) => (
          <TextField {...params} label={t("monitorings.queue")} helperText={t(choice.user ? "monitorings.queueOfOwner" : "monitorings.queueHint")} />
        )}
      />
    </Stack>
  );
}

/** A monitoring's owner and queue, as {@link OwnerQueueFields} choose them. */
export const ownerQueueField: EntityField<Monitoring, typeof ownerQueueShape> = {
  shape: ownerQueueShape,
  initial: (monitoring) => ({ user: monitoring?.user ?? null, queueId: monitoring?.queueId ?? null }),
  Field: ({ form }) => <OwnerQueueFields control={form.control} />,
};
