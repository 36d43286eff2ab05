import type { FeedbackMessage } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Fragment } from "react";
import { useTranslation } from "../../../lib/i18n";
import { QueryState } from "../../../components/query-state";
import { SectionCard } from "../../../components/section-card";
import { formatDateTime } from "../../../lib/date-format";
import { useFeedbackMessages } from "../hooks/use-feedback-messages";

function FeedbackItem({ item }: { item: FeedbackMessage }) {
  const { t } = useTranslation();
  const sender = item.sender ? `${item.name} <${item.sender.email}>` : item.name;
  return (
    <Box component="article" aria-label={t("feedback.inbox.item", { name: item.name, date: formatDateTime(item.createdAt) })} sx={{ py: 1.5 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 0.5 }}>
        <Chip size="small" label={t(`feedback.types.${item.type}`)} />
        <Typography variant="subtitle2" component="span" sx={{ overflowWrap: "anywhere" }}>
          {sender}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="span" sx={{ ml: "auto", whiteSpace: "nowrap" }}>
          {formatDateTime(item.createdAt)}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {item.message}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {item.mailedAt ? t("feedback.inbox.mailed", { date: formatDateTime(item.mailedAt) }) : t("feedback.inbox.storedOnly")}
      </Typography>
    </Box>
  );
}

/**
 * Admins: what users sent through "Contact us", newest first. Every message is stored, so without
 * a mailer this is where they arrive (docs/decisions/0044).
 */
export function FeedbackMessages() {
  const { t } = useTranslation();
  const query = useFeedbackMessages();
  const items = query.data?.pages.flatMap((page) => page.feedback) ?? [];
  return (
    <SectionCard title={t("feedback.inbox.title")} description={t("feedback.inbox.description")}>
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {query.isSuccess && items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t("feedback.inbox.empty")}
        </Typography>
      )}
      {items.length > 0 && (
        <Stack>
          {items.map((item, index) => (
            <Fragment key={item.id}>
              {index > 0 && <Divider />}
              <FeedbackItem item={item} />
            </Fragment>
          ))}
        </Stack>
      )}
      {query.hasNextPage && (
        <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} sx={{ mt: 1 }}>
          {t("feedback.inbox.more")}
        </Button>
      )}
    </SectionCard>
  );
}
