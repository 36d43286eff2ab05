import type { Schedule } from "@atendo/contracts";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { SchedulePage } from "@atendo/contracts";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { QueryState } from "../../../components/query-state";
import { RowActions } from "../../../components/row-actions";
import { formatDateTime } from "../../../lib/date-format";
import { useTranslation } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { useDialogTarget } from "../../../lib/use-dialog-target";
import { useDeleteSchedule } from "../hooks/use-schedules";
import { ScheduleDialog } from "./schedule-dialog";

const statusColors = { pending: "info", sent: "success", failed: "error" } as const;

const twoLines = { overflow: "hidden", display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical", overflowWrap: "anywhere" } as const;

/** How a schedule repeats, in words ("Every 2 weeks until 31/12/27 09:00"); null when it does not. */
function useRepeatText() {
  const { t } = useTranslation();
  return (schedule: Schedule) => {
    const rule = schedule.recurrence;
    if (!rule) return null;
    const every = t(`schedules.everyCount.${rule.every}`, { count: rule.interval });
    return rule.until ? t("schedules.repeatsUntil", { every, until: formatDateTime(rule.until) }) : every;
  };
}

interface ScheduleListProps {
  query: UseInfiniteQueryResult<InfiniteData<SchedulePage>>;
  /** Shows whose and for whom each one is (the page); the contact's own list leaves the contact out. */
  showContact?: boolean;
  showAuthor?: boolean;
}

/**
 * Scheduled messages, pending first (soonest first): when, the text, how it repeats, its state
 * (with the reason of a failure), and while pending, edit and cancel.
 */
export function ScheduleList({ query, showContact = true, showAuthor = false }: ScheduleListProps) {
  const { t } = useTranslation();
  const editing = useDialogTarget<Schedule>();
  const cancelling = useDialogTarget<Schedule>();
  const deletion = useDeleteSchedule();
  const repeatText = useRepeatText();
  const schedules = query.data?.pages.flatMap((page) => page.schedules) ?? [];
  if (!query.data) return <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <>
      {schedules.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t("schedules.empty")}
        </Typography>
      ) : (
        <List disablePadding aria-label={t("schedules.listLabel")}>
          {schedules.map((schedule) => {
            const label = { when: formatDateTime(schedule.sendAt), contact: schedule.contact.name };
            const repeats = repeatText(schedule);
            return (
              <ListItem key={schedule.id} divider sx={{ px: 0, alignItems: "flex-start", gap: 1 }} data-testid="schedule-row">
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
                    <Typography variant="subtitle2">{formatDateTime(schedule.status === "sent" && schedule.sentAt ? schedule.sentAt : schedule.sendAt)}</Typography>
                    <Chip size="small" color={statusColors[schedule.status]} label={t(`schedules.status.${schedule.status}`)} />
                    {showContact && (
                      <Typography variant="body2" color="text.secondary">
                        {t("schedules.to", { contact: schedule.contact.name })}
                      </Typography>
                    )}
                    {showAuthor && (
                      <Typography variant="body2" color="text.secondary">
                        {t("schedules.by", { user: schedule.user.name })}
                      </Typography>
                    )}
                  </Stack>
                  <Typography variant="body2" sx={{ ...twoLines, mt: 0.5 }}>
                    {schedule.body}
                  </Typography>
                  {schedule.media && (
                    <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", color: "text.secondary", minWidth: 0 }}>
                      <AttachFileIcon sx={{ fontSize: 16 }} aria-hidden />
                      <Typography variant="caption" noWrap title={schedule.media.fileName}>
                        {t("schedules.withFile", { name: schedule.media.fileName })}
                      </Typography>
                    </Stack>
                  )}
                  {repeats && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                      {repeats}
                    </Typography>
                  )}
                  {schedule.status === "failed" && schedule.failure && (
                    <Typography variant="caption" color="error" sx={{ display: "block" }}>
                      {t(`errors.${schedule.failure}`, { defaultValue: schedule.failure })}
                    </Typography>
                  )}
                </Box>
                {schedule.status === "pending" && (
                  <RowActions
                    editLabel={t("schedules.editLabel", label)}
                    deleteLabel={t("schedules.cancelLabel", label)}
                    onEdit={() => editing.show(schedule)}
                    onDelete={() => cancelling.show(schedule)}
                  />
                )}
              </ListItem>
            );
          })}
        </List>
      )}
      {query.hasNextPage && (
        <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} sx={{ mt: 1 }}>
          {t("schedules.more")}
        </Button>
      )}
      <ScheduleDialog open={editing.open} onClose={editing.close} schedule={editing.target} />
      <ConfirmDialog
        open={cancelling.open}
        title={t("schedules.cancelTitle")}
        message={t("schedules.cancelText", { when: cancelling.target ? formatDateTime(cancelling.target.sendAt) : "" })}
        confirmLabel={t("schedules.cancelConfirm")}
        danger
        onClose={cancelling.close}
        onConfirm={() => {
          if (cancelling.target) deletion.mutate(cancelling.target.id, { onSuccess: () => toast.success(t("schedules.cancelled")) });
        }}
      />
    </>
  );
}
