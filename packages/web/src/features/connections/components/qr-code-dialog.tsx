import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import Typography from "@mui/material/Typography";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { useConnections } from "../hooks/use-connections";
import { PairingCodeForm } from "./pairing-code-form";

const qrSize = 256;

interface QrCodeDialogProps {
  /** The connection whose code to show; null when closed. */
  connectionId: number | null;
  onClose: () => void;
}

/** The QR code as a 256 px image; "" while there is none. */
function useQrImage(text: string): string {
  const [image, setImage] = useState({ text: "", url: "" });
  useEffect(() => {
    if (!text) return;
    let active = true;
    QRCode.toDataURL(text, { width: qrSize, margin: 1, errorCorrectionLevel: "L" })
      .then((url) => active && setImage({ text, url }))
      .catch(() => active && setImage({ text, url: "" }));
    return () => {
      active = false;
    };
  }, [text]);
  return image.text === text ? image.url : "";
}

/**
 * The connection's QR code (spec §2, §4): follows the cached connection, which `whatsappSession`
 * events keep current, so a new code replaces the old one and CONNECTED closes the dialog.
 */
export function QrCodeDialog({ connectionId, onClose }: QrCodeDialogProps) {
  const { t } = useTranslation();
  const { data } = useConnections({ silent: true });
  const connection = data?.find((item) => item.id === connectionId);
  const status = connection?.status;
  const open = connectionId !== null;
  const image = useQrImage(connection?.status === "qrcode" ? connection.qrcode : "");
  const [byNumber, setByNumber] = useState(false);

  useEffect(() => {
    if (open && (status === "CONNECTED" || connection === undefined)) onClose();
  }, [open, status, connection, onClose]);
  useEffect(() => {
    if (!open) setByNumber(false);
  }, [open]);

  return (
    <ResponsiveDialog
      open={open && connection !== undefined}
      onClose={onClose}
      title={t(byNumber ? "connections.pairing.title" : "connections.qrTitle", { name: connection?.name ?? "" })}
      maxWidth="xs"
      fullScreenOnPhone={false}
    >
      <DialogContent>
        {byNumber && connection ? (
          <PairingCodeForm connectionId={connection.id} />
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t("connections.qrHint")}
            </Typography>
            <Box sx={{ width: qrSize, height: qrSize, mx: "auto", display: "grid", placeItems: "center", bgcolor: "#fff" }}>
              {image ? (
                <img src={image} width={qrSize} height={qrSize} alt={t("connections.qrAlt", { name: connection?.name ?? "" })} />
              ) : (
                <CircularProgress aria-label={t("connections.qrWaiting")} />
              )}
            </Box>
            {connection && connection.retries > 0 && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t("connections.qrRetries", { count: connection.retries })}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {connection?.kind === "whatsapp" && (
          <Button onClick={() => setByNumber(!byNumber)} sx={{ mr: "auto" }}>
            {t(byNumber ? "connections.pairing.back" : "connections.pairing.open")}
          </Button>
        )}
        <Button onClick={onClose}>{t("connections.close")}</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
