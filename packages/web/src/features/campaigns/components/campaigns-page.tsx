import type { Campaign } from "@atendo/contracts";
import Link from "@mui/material/Link";
import { Link as RouterLink } from "react-router";
import { AddButton } from "../../../components/add-button";
import { DataTable, ellipsis, RowCaption, RowDetail, useCompactTable, type AdminColumn } from "../../../components/admin-table";
import { ConfirmDeleteDialog } from "../../../components/confirm-dialog";
import { ListPage } from "../../../components/list-page";
import { formatDateTime } from "../../../lib/date-format";
import { useTranslation } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useDialogTarget } from "../../../lib/use-dialog-target";
import { useSearchedList } from "../../../lib/use-searched-list";
import { campaignsListQueryOptions } from "../api/campaigns.queries";
import { useCampaignActions } from "../hooks/use-campaign-actions";
import { useCampaignsLive, useDeleteCampaign } from "../hooks/use-campaigns";
import { CampaignActionDialog } from "./campaign-action-dialog";
import { CampaignProgressBar } from "./campaign-progress-bar";
import { CampaignRowActions } from "./campaign-row-actions";
import { CampaignStatusChip } from "./campaign-status-chip";

/** The campaign's name, a link to its page; on narrow screens its status, progress and connection under it. */
function NameCell({ campaign, compact }: { campaign: Campaign; compact: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Link component={RouterLink} to={paths.campaign.href(campaign.id)} variant="body2" sx={{ fontWeight: 600, display: "block", ...ellipsis }}>
        {campaign.name}
      </Link>
      {compact && (
        <>
          <RowDetail>{campaign.whatsapp.name}</RowDetail>
          <RowCaption>{t("campaigns.createdAt", { date: formatDateTime(campaign.createdAt) })}</RowCaption>
          <CampaignStatusChip status={campaign.status} />
          <CampaignProgressBar campaign={campaign} />
        </>
      )}
    </>
  );
}

/** /campaigns (admins): every campaign, newest first, with its status, progress and what may be done to it now. */
export function CampaignsPage() {
  const { t } = useTranslation();
  useCampaignsLive();
  const list = useSearchedList(campaignsListQueryOptions, "campaigns");
  const compact = useCompactTable();
  const actions = useCampaignActions();
  const deleting = useDialogTarget<Campaign>();
  const deletion = useDeleteCampaign();
  const columns: (AdminColumn<Campaign> | false)[] = [
    { header: t("campaigns.name"), cell: (campaign) => <NameCell campaign={campaign} compact={compact} /> },
    !compact && { header: t("campaigns.connection"), width: "16%", cellSx: ellipsis, cell: (campaign) => campaign.whatsapp.name },
    !compact && { header: t("campaigns.status"), width: 120, cell: (campaign) => <CampaignStatusChip status={campaign.status} /> },
    !compact && { header: t("campaigns.progressHeader"), width: "22%", cell: (campaign) => <CampaignProgressBar campaign={campaign} /> },
    !compact && { header: t("campaigns.created"), width: 130, cell: (campaign) => formatDateTime(campaign.createdAt) },
    {
      header: t("common.actions"),
      width: 124,
      align: "right",
      cell: (campaign) => <CampaignRowActions campaign={campaign} actions={actions} onDelete={deleting.show} />,
    },
  ];
  return (
    <ListPage
      title={t("pages.campaigns")}
      actions={<AddButton label={t("campaigns.add")} to={paths.newCampaign} alwaysLabelled />}
      {...list.listProps}
      emptyText={t("campaigns.empty")}
      table={() => <DataTable rows={list.items} columns={columns} />}
    >
      <CampaignActionDialog confirm={actions.confirm} onConfirm={actions.run} />
      <ConfirmDeleteDialog
        confirm={deleting}
        title={deleting.target ? t("campaigns.deleteTitle", { name: deleting.target.name }) : ""}
        message={t("campaigns.deleteText")}
        deletion={deletion}
        deletedMessage={t("campaigns.deleted")}
      />
    </ListPage>
  );
}
