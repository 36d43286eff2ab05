import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { disableTwoFactor, twoFactorStatusQuery } from "../api/two-factor.api";
import { CodeField } from "./code-field";
import { TwoFactorEnrol } from "./two-factor-enrol";

/** "Two-factor sign-in" in the profile (decision 0095): enrol, or see it on and turn it off with a code. */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useQuery(twoFactorStatusQuery);
  const [enrolling, setEnrolling] = useState(false);

  return (
    <Box component="section" aria-labelledby="two-factor-title" sx={{ px: 3, pt: 2 }}>
      <Typography id="two-factor-title" variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
        {t("twoFactor.title")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t("twoFactor.description")}
      </Typography>
      {!status.data ? (
        <CircularProgress size={24} />
      ) : status.data.enabled && !enrolling ? (
        <TurnOff required={status.data.required} recoveryCodesLeft={status.data.recoveryCodesLeft} />
      ) : (
        <EnrolOnClick onStart={() => setEnrolling(true)} onDone={() => setEnrolling(false)} />
      )}
    </Box>
  );
}

function EnrolOnClick({ onStart, onDone }: { onStart: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [started, setStarted] = useState(false);
  if (!started) {
    return (
      <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
        <Typography variant="body2">{t("twoFactor.off")}</Typography>
        <Button
          variant="outlined"
          onClick={() => {
            setStarted(true);
            onStart();
          }}
        >
          {t("twoFactor.setUp")}
        </Button>
      </Stack>
    );
  }
  return <TwoFactorEnrol autoStart onDone={onDone} />;
}

function TurnOff({ required, recoveryCodesLeft }: { required: boolean; recoveryCodesLeft: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const disable = useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => {
      toast.success(t("twoFactor.turnedOff"));
      setCode("");
      void queryClient.invalidateQueries(twoFactorStatusQuery);
    },
  });

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (code.trim().length >= 6 && !disable.isPending) disable.mutate(code.trim());
  }

  return (
    <Stack spacing={1.5}>
      <Alert severity="success">{t("twoFactor.on", { count: recoveryCodesLeft })}</Alert>
      {required ? (
        <Typography variant="body2" color="text.secondary">
          {t("twoFactor.requiredCannotTurnOff")}
        </Typography>
      ) : (
        <Stack component="form" noValidate onSubmit={submit} direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
          <CodeField label={t("twoFactor.codeToTurnOff")} value={code} onChange={setCode} allowRecovery />
          <Button type="submit" color="error" variant="outlined" disabled={code.trim().length < 6} loading={disable.isPending} sx={{ flexShrink: 0 }}>
            {t("twoFactor.turnOff")}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
