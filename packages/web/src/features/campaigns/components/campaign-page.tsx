import type { Campaign, RecipientStatus } from "@atendo/contracts";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import DownloadIcon from "@mui/icons-material/Download";
import EditIcon from "@mui/icons-material/Edit";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { Page } from "../../../components/page";
import { QueryState } from "../../../components/query-state";
import { SectionCard } from "../../../components/section-card";
import { formatDateTime } from "../../../lib/date-format";
import { useTranslation } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useDownload } from "../../../lib/use-download";
import { exportRecipients } from "../api/campaigns.api";
import { useCampaignActions } from "../hooks/use-campaign-actions";
import { useCampaign, useCampaignsLive } from "../hooks/use-campaigns";
import { campaignActionsOf, isEditable } from "../lib/campaign-progress";
import { CampaignActionDialog } from "./campaign-action-dialog";
import { CampaignActionIcon } from "./campaign-action-icon";
import { CampaignProgressBar } from "./campaign-progress-bar";
import { CampaignStatusChip } from "./campaign-status-chip";
import { RecipientCountTiles } from "./recipient-counts";
import { RecipientsTable } from "./recipients-table";

/** The buttons of what the campaign's status allows, edit while it may change, and its CSV. */
function CampaignToolbar({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const actions = useCampaignActions();
  const { busy, download } = useDownload(() => exportRecipients(campaign.id), `campaign-${campaign.id}.csv`);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
      {campaignActionsOf(campaign.status).map((action) => (
        <Button
          key={action}
          variant={action === "cancel" ? "outlined" : "contained"}
          color={action === "cancel" ? "error" : "primary"}
          startIcon={<CampaignActionIcon action={action} />}
          disabled={actions.pending}
          onClick={() => actions.request(campaign, action)}
        >
          {t(`campaigns.actions.${action}`)}
        </Button>
      ))}
      {isEditable(campaign.status) && (
        <Button variant="outlined" startIcon={<EditIcon />} component={RouterLink} to={paths.editCampaign.href(campaign.id)}>
          {t("campaigns.detail.edit")}
        </Button>
      )}
      {campaign.status !== "draft" && (
        <Button variant="outlined" onClick={download} disabled={busy} startIcon={busy ? <CircularProgress size={18} aria-hidden /> : <DownloadIcon />}>
          {t("campaigns.detail.download")}
        </Button>
      )}
      <CampaignActionDialog confirm={actions.confirm} onConfirm={actions.run} />
    </Stack>
  );
}

/** A term and its value in the campaign's summary. */
function Fact({ term, children }: { term: string; children: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </Box>
  );
}

function CampaignDetail({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<RecipientStatus | null>(null);
  const [page, setPage] = useState(1);
  const filter = (next: RecipientStatus | null) => {
    setStatus(next);
    setPage(1);
  };
  const when = (iso: string | null, none: string) => (iso ? formatDateTime(iso) : t(none));
  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
        <CampaignStatusChip status={campaign.status} />
        <Box sx={{ flex: "1 1 200px", minWidth: 0 }}>
          <CampaignProgressBar campaign={campaign} />
        </Box>
      </Box>
      <CampaignToolbar campaign={campaign} />
      <SectionCard title={t("campaigns.detail.summary")}>
        <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(140px, 1fr))", gap: 2, m: 0 }}>
          <Fact term={t("campaigns.connection")}>{campaign.whatsapp.name}</Fact>
          <Fact term={t("campaigns.form.queue")}>{campaign.queue?.name ?? t("campaigns.form.noQueue")}</Fact>
          <Fact term={t("campaigns.detail.recipients")}>{String(campaign.total)}</Fact>
          <Fact term={t("campaigns.form.startAt")}>{when(campaign.startAt, "campaigns.detail.atOnce")}</Fact>
          <Fact term={t("campaigns.form.window")}>{t(campaign.window ? "campaigns.detail.windowSet" : "campaigns.detail.anyTime")}</Fact>
          <Fact term={t("campaigns.detail.startedAt")}>{when(campaign.startedAt, "campaigns.detail.notYet")}</Fact>
          <Fact term={t("campaigns.detail.finishedAt")}>{when(campaign.finishedAt, "campaigns.detail.notYet")}</Fact>
          <Fact term={t("campaigns.created")}>{formatDateTime(campaign.createdAt)}</Fact>
        </Box>
      </SectionCard>
      <SectionCard title={t("campaigns.form.message")}>
        <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {campaign.body}
        </Typography>
        {campaign.mediaName && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {t("campaigns.detail.media", { name: campaign.mediaName })}
          </Typography>
        )}
      </SectionCard>
      <SectionCard title={t("campaigns.recipients.title")}>
        <Stack spacing={2}>
          <RecipientCountTiles counts={campaign.counts} selected={status} onSelect={filter} />
          <RecipientsTable campaignId={campaign.id} live={campaign.status !== "draft"} status={status} onStatus={filter} page={page} onPage={setPage} />
        </Stack>
      </SectionCard>
    </Stack>
  );
}

/** /campaigns/:id (admins): a campaign's status and live progress, its actions, and its recipients with their CSV. */
export function CampaignPage() {
  const { t } = useTranslation();
  useCampaignsLive();
  const id = Number(useParams().id);
  const query = useCampaign(Number.isInteger(id) && id > 0 ? id : 0);
  return (
    <Page
      title={query.data?.name ?? t("pages.campaigns")}
      narrow
      actions={
        <Button component={RouterLink} to={paths.campaigns} startIcon={<ArrowBackIcon />}>
          {t("campaigns.detail.back")}
        </Button>
      }
    >
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {query.data && <CampaignDetail campaign={query.data} />}
    </Page>
  );
}
