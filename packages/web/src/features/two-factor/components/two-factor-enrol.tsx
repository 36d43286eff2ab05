import type { TwoFactorSetupResponse } from "@atendo/contracts";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../../lib/i18n";
import { enableTwoFactor, setupTwoFactor, twoFactorStatusQuery } from "../api/two-factor.api";
import { CodeField, isTotpCode } from "./code-field";
import { QrImage } from "./qr-image";
import { RecoveryCodes } from "./recovery-codes";

interface TwoFactorEnrolProps {
  /** Start the setup at once (the enrolment required at sign-in) instead of on a click (the profile). */
  autoStart?: boolean;
  /** The recovery codes were shown and the person clicked Done. */
  onDone: () => void;
}

/**
 * Enrolment (decision 0095): a new secret as a QR code and as text for manual entry, the first code
 * from the app, then the ten recovery codes, shown once.
 */
export function TwoFactorEnrol({ autoStart = false, onDone }: TwoFactorEnrolProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [code, setCode] = useState("");
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useMutation({ mutationFn: setupTwoFactor, onSuccess: setSetup });
  const enable = useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (answer) => {
      setRecoveryCodes(answer.recoveryCodes);
      void queryClient.invalidateQueries(twoFactorStatusQuery);
    },
    onError: () => setCode(""),
  });
  const started = useRef(false);
  useEffect(() => {
    if (!autoStart || started.current) return;
    started.current = true;
    start.mutate();
  }, [autoStart, start]);

  if (recoveryCodes) {
    return (
      <Stack spacing={2}>
        <Typography variant="body2">{t("twoFactor.enabled")}</Typography>
        <RecoveryCodes codes={recoveryCodes} />
        <Button variant="contained" onClick={onDone} sx={{ alignSelf: "flex-start" }}>
          {t("twoFactor.done")}
        </Button>
      </Stack>
    );
  }

  if (!setup) {
    return (
      <Button variant="contained" onClick={() => start.mutate()} loading={start.isPending} sx={{ alignSelf: "flex-start" }}>
        {t("twoFactor.setUp")}
      </Button>
    );
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (isTotpCode(code) && !enable.isPending) enable.mutate(code.trim());
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <Typography variant="body2">{t("twoFactor.scan")}</Typography>
      <QrImage text={setup.otpauthUrl} alt={t("twoFactor.qrAlt")} />
      <Typography variant="body2" color="text.secondary">
        {t("twoFactor.manualKey")}{" "}
        <Typography component="code" aria-label={t("twoFactor.setupKey")} sx={{ fontFamily: "monospace", wordBreak: "break-all", color: "text.primary" }}>
          {setup.secret}
        </Typography>
      </Typography>
      <CodeField label={t("twoFactor.firstCode")} value={code} onChange={setCode} autoFocus />
      <Button type="submit" variant="contained" disabled={!isTotpCode(code)} loading={enable.isPending} sx={{ alignSelf: "flex-start" }}>
        {t("twoFactor.turnOn")}
      </Button>
    </Stack>
  );
}
