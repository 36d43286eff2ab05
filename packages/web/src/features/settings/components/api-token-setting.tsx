import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import RefreshIcon from "@mui/icons-material/Refresh";
import Button from "@mui/material/Button";
import CardActions from "@mui/material/CardActions";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { SectionCard } from "../../../components/section-card";
import { copyText } from "../../../lib/clipboard";
import { toast } from "../../../lib/toast";
import { useUpdateSetting } from "../hooks/use-settings";

/** The read-only API token with copy and regenerate (spec: settings). */
export function ApiTokenSetting({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  const mutation = useUpdateSetting();
  const inputRef = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);

  async function copy(): Promise<void> {
    if (!value) return;
    if (await copyText(value, inputRef.current)) toast.success(t("settings.apiToken.copied"));
    else toast.error(t("settings.apiToken.copyFailed"));
  }

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
      <TextField
        label={t("settings.apiToken.label")}
        value={value ?? ""}
        inputRef={inputRef}
        slotProps={{
          input: {
            readOnly: true,
            sx: { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" },
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t("settings.apiToken.copy")}>
                  <span>
                    <IconButton aria-label={t("settings.apiToken.copy")} onClick={copy} disabled={!value} edge="end">
                      <ContentCopyIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
    </SectionCard>
  );
}
