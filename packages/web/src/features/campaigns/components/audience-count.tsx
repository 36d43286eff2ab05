import type { CampaignAudience } from "@atendo/contracts";
import Alert from "@mui/material/Alert";
import CircularProgress from "@mui/material/CircularProgress";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "../../../lib/i18n";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { audienceCountQueryOptions } from "../api/campaigns.queries";
import { hasAudience } from "../lib/campaign-form";

interface AudienceCountProps {
  audience: CampaignAudience;
  /** Contacts a CSV added to the saved draft (not part of what the form counts). */
  uploadedContacts: number;
}

/**
 * How many the audience reaches now, counted by the server 500 ms after the choice stops changing,
 * and how many opted-out contacts it leaves out (they never receive a campaign again).
 */
export function AudienceCount({ audience, uploadedContacts }: AudienceCountProps) {
  const { t } = useTranslation();
  const debounced = useDebouncedValue(audience);
  const picks = hasAudience(debounced);
  const query = useQuery({ ...audienceCountQueryOptions(debounced), enabled: picks });
  const uploaded = uploadedContacts > 0 ? ` ${t("campaigns.audience.uploaded", { count: uploadedContacts })}` : "";
  if (!picks) {
    return (
      <Alert severity="info" role="status">
        {uploadedContacts > 0 ? t("campaigns.audience.onlyUploaded", { count: uploadedContacts }) : t("campaigns.audience.none")}
      </Alert>
    );
  }
  if (query.isError) return <Alert severity="warning" role="status">{t("campaigns.audience.countFailed")}</Alert>;
  return (
    <Alert severity="info" role="status" icon={query.isFetching ? <CircularProgress size={20} aria-hidden /> : undefined}>
      {query.data ? `${t("campaigns.audience.count", { count: query.data.total })}${uploaded}` : t("campaigns.audience.counting")}
      {query.data && query.data.optedOut > 0 && ` ${t("campaigns.audience.optedOut", { count: query.data.optedOut })}`}
    </Alert>
  );
}
