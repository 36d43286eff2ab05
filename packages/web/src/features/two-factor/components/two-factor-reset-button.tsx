import Button from "@mui/material/Button";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useTranslation } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { resetUserTwoFactor } from "../api/two-factor.api";

/** An admin turns off someone's second factor (lost phone and codes), after confirming (decision 0095). */
export function TwoFactorResetButton({ userId, userName }: { userId: number; userName: string }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: () => resetUserTwoFactor(userId),
    onSuccess: () => toast.success(t("twoFactor.resetDone", { name: userName })),
  });
  return (
    <>
      <Button size="small" color="warning" onClick={() => setConfirming(true)} loading={reset.isPending}>
        {t("twoFactor.reset")}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t("twoFactor.resetTitle")}
        message={t("twoFactor.resetMessage", { name: userName })}
        confirmLabel={t("twoFactor.reset")}
        danger
        onConfirm={() => {
          setConfirming(false);
          reset.mutate();
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
