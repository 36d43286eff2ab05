import RefreshIcon from "@mui/icons-material/Refresh";
import Button from "@mui/material/Button";
import CardActions from "@mui/material/CardActions";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { SecretField } from "../../../components/secret-field";
import { SectionCard } from "../../../components/section-card";
import { toast } from "../../../lib/toast";
import { useUpdateSetting } from "../hooks/use-settings";

/** The read-only API token, masked, with show, copy and regenerate (spec: settings). */
export function ApiTokenSetting({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  const mutation = useUpdateSetting();
  const [confirming, setConfirming] = useState(false);

  function regenerate(): void {
    mutation.mutate(
      { key: "userApiToken", value: "" },
      { onSuccess: () => toast.success(t("settings.apiToken.regenerated")) },
    );
  }

  return (
    <SectionCard
      title={t("settings.apiToken.title")}
      description={t("settings.apiToken.description")}
      footer={
        <>
          <CardActions sx={{ px: 2, pb: 2 }}>
            <Button
              variant="outlined"
              color="warning"
              startIcon={<RefreshIcon />}
              onClick={() => setConfirming(true)}
              loading={mutation.isPending}
              disabled={value === undefined}
            >
              {t("settings.apiToken.regenerate")}
            </Button>
          </CardActions>
          <ConfirmDialog
            open={confirming}
            title={t("settings.apiToken.confirmTitle")}
            message={t("settings.apiToken.confirmText")}
            confirmLabel={t("settings.apiToken.regenerate")}
            danger
            onConfirm={regenerate}
            onClose={() => setConfirming(false)}
          />
        </>
      }
    >
      <SecretField label={t("settings.apiToken.label")} value={value ?? ""} />
    </SectionCard>
  );
}
