import { limits, recipientStatuses, type CampaignRecipient, type RecipientStatus } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { DataTable, ellipsis, RowCaption, RowDetail, RowName, useCompactTable, type AdminColumn } from "../../../components/admin-table";
import { QueryState } from "../../../components/query-state";
import { formatDateTime } from "../../../lib/date-format";
import { useTranslation } from "../../../lib/i18n";
import { recipientsQueryOptions } from "../api/campaigns.queries";

interface RecipientsTableProps {
  campaignId: number;
  /** Read again every few seconds (a started campaign's statuses move without an event). */
  live: boolean;
  status: RecipientStatus | null;
  onStatus: (status: RecipientStatus | null) => void;
  page: number;
  onPage: (page: number) => void;
}

/** A campaign's recipients, 20 a page, narrowed to one status when chosen; read again as the sending moves. */
export function RecipientsTable({ campaignId, live, status, onStatus, page, onPage }: RecipientsTableProps) {
  const { t } = useTranslation();
  const compact = useCompactTable();
  const query = useQuery(recipientsQueryOptions(campaignId, status, page, live));
  const pages = Math.max(1, Math.ceil((query.data?.count ?? 0) / limits.pageSize));
  const statusText = (recipient: CampaignRecipient) => t(`campaigns.recipientStatuses.${recipient.status}`);
  const columns: (AdminColumn<CampaignRecipient> | false)[] = [
    {
      header: t("campaigns.recipients.contact"),
      cell: (recipient) => (
        <>
          <RowName>{recipient.contact.name}</RowName>
          <RowDetail>{recipient.contact.number}</RowDetail>
          {compact && <RowCaption>{statusText(recipient)}</RowCaption>}
          {recipient.error && <RowCaption>{recipient.error}</RowCaption>}
        </>
      ),
    },
    !compact && { header: t("campaigns.recipients.status"), width: "22%", cellSx: ellipsis, cell: statusText },
    { header: t("campaigns.recipients.sentAt"), width: compact ? 110 : "22%", cell: (recipient) => (recipient.sentAt ? formatDateTime(recipient.sentAt) : "–") },
  ];
  return (
    <Box>
      <TextField
        select
        size="small"
        label={t("campaigns.recipients.filter")}
        value={status ?? ""}
        onChange={(event) => onStatus(event.target.value === "" ? null : (event.target.value as RecipientStatus))}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ width: { xs: "100%", sm: 240 }, mb: 1.5 }}
      >
        <MenuItem value="">{t("campaigns.recipients.all")}</MenuItem>
        {recipientStatuses.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`campaigns.recipientStatuses.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {query.data && (
        <Paper variant="outlined" role="region" aria-label={t("campaigns.recipients.title")} sx={{ overflow: "auto" }}>
          <DataTable rows={query.data.recipients} columns={columns} />
          {query.data.recipients.length === 0 && (
            <Typography color="text.secondary" sx={{ p: 3, textAlign: "center" }}>
              {t("campaigns.recipients.empty")}
            </Typography>
          )}
        </Paper>
      )}
      {query.data && pages > 1 && (
        <Box component="nav" aria-label={t("campaigns.recipients.pager")} sx={{ display: "flex", alignItems: "center", justifyContent: "center", gap: 1, mt: 2 }}>
          <Button variant="outlined" size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t("campaigns.recipients.previous")}
          </Button>
          <Typography variant="body2" sx={{ px: 1, whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
            {t("campaigns.recipients.position", { page, pages })}
          </Typography>
          <Button variant="outlined" size="small" disabled={!query.data.hasMore} onClick={() => onPage(page + 1)}>
            {t("campaigns.recipients.next")}
          </Button>
        </Box>
      )}
    </Box>
  );
}
