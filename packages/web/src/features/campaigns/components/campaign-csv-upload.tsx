import type { Campaign } from "@atendo/contracts";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import FormHelperText from "@mui/material/FormHelperText";
import { useTranslation } from "../../../lib/i18n";
import { useUploadAudience } from "../hooks/use-campaigns";
import { FilePickButton } from "../../../components/file-pick-button";

/** A CSV (`number`, optional `name`, other columns custom fields) whose contacts join a saved draft's audience. */
export function CampaignCsvUpload({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const upload = useUploadAudience(campaign.id);
  return (
    <Box>
      <FilePickButton label={t("campaigns.csv.choose")} accept=".csv,text/csv" icon={<UploadFileIcon />} loading={upload.isPending} onPick={(file) => upload.mutate(file)} />
      <FormHelperText sx={{ mx: 0 }}>{t("campaigns.csv.hint")}</FormHelperText>
      {upload.data ? (
        <Alert severity={upload.data.invalid > 0 ? "warning" : "success"} role="status" sx={{ mt: 1 }}>
          {t("campaigns.csv.added", { count: upload.data.added })} {upload.data.invalid > 0 && t("campaigns.csv.invalid", { count: upload.data.invalid })}{" "}
          {t("campaigns.csv.total", { count: upload.data.uploadedContacts })}
        </Alert>
      ) : (
        campaign.uploadedContacts > 0 && <FormHelperText sx={{ mx: 0 }}>{t("campaigns.csv.total", { count: campaign.uploadedContacts })}</FormHelperText>
      )}
    </Box>
  );
}
