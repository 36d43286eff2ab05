import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { useEffect, useState } from "react";

const size = 200;

/** `text` as a QR code; `qrcode` is downloaded when one is first drawn. */
export function QrImage({ text, alt }: { text: string; alt: string }) {
  const [image, setImage] = useState({ text: "", url: "" });
  useEffect(() => {
    let active = true;
    import("qrcode")
      .then(({ default: QRCode }) => QRCode.toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: "M" }))
      .then((url) => active && setImage({ text, url }))
      .catch(() => active && setImage({ text, url: "" }));
    return () => {
      active = false;
    };
  }, [text]);
  const url = image.text === text ? image.url : "";
  return (
    <Box sx={{ width: size, height: size, display: "grid", placeItems: "center", bgcolor: "#fff", borderRadius: 1 }}>
      {url ? <img src={url} width={size} height={size} alt={alt} /> : <CircularProgress size={32} />}
    </Box>
  );
}
