import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import DownloadIcon from "@mui/icons-material/Download";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { saveBlob } from "../../../lib/download";
import { useTranslation } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";

/** The ten recovery codes, shown this once: copy them or download them as a text file. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  const text = `${codes.join("\n")}\n`;

  function copy(): void {
    navigator.clipboard.writeText(text).then(
      () => toast.success(t("twoFactor.codesCopied")),
      () => toast.error(t("twoFactor.copyFailed")),
    );
  }

  const download = () => saveBlob(new Blob([text], { type: "text/plain" }), "atendo-recovery-codes.txt");

  return (
    <Stack spacing={1.5}>
      <Alert severity="warning">{t("twoFactor.codesOnce")}</Alert>
      <Box
        component="ul"
        aria-label={t("twoFactor.recoveryCodes")}
        sx={{ m: 0, p: 1.5, listStyle: "none", display: "grid", gridTemplateColumns: "repeat(2, 1fr)", gap: 0.5, fontFamily: "monospace", fontSize: "1rem", bgcolor: "action.hover", borderRadius: 1 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          {t("twoFactor.copy")}
        </Button>
        <Button startIcon={<DownloadIcon />} onClick={download}>
          {t("twoFactor.download")}
        </Button>
      </Stack>
    </Stack>
  );
}
