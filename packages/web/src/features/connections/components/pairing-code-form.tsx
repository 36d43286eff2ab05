import { pairingCodeBody } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../../lib/i18n";
import { requestPairingCode } from "../api/connections.api";

/**
 * Pairing by phone number, for a phone whose camera cannot read the QR: the number, then the
 * code WhatsApp asks for under Linked devices › Link with phone number.
 */
export function PairingCodeForm({ connectionId }: { connectionId: number }) {
  const { t } = useTranslation();
  const [number, setNumber] = useState("");
  const [invalid, setInvalid] = useState(false);
  const request = useMutation({ mutationFn: (value: string) => requestPairingCode(connectionId, { number: value }) });

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const parsed = pairingCodeBody.safeParse({ number });
    setInvalid(!parsed.success);
    if (parsed.success) request.mutate(number);
  }

  if (request.data) {
    return (
      <Stack spacing={1} sx={{ alignItems: "center", textAlign: "center" }}>
        <Typography variant="body2" color="text.secondary">
          {t("connections.pairing.codeHint")}
        </Typography>
        <Typography component="p" aria-label={t("connections.pairing.code")} sx={{ fontFamily: "monospace", fontSize: "2rem", letterSpacing: "0.3em", fontWeight: 700 }}>
          {request.data.code}
        </Typography>
      </Stack>
    );
  }
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: "flex", gap: 1, alignItems: "flex-start", pt: 1 }}>
      <TextField
        label={t("connections.pairing.number")}
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        error={invalid}
        helperText={invalid ? t("connections.pairing.invalid") : t("connections.pairing.numberHint")}
        inputMode="tel"
        size="small"
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="outlined" loading={request.isPending} sx={{ mt: 0.25 }}>
        {t("connections.pairing.submit")}
      </Button>
    </Box>
  );
}
