import { limits, optOutKeywordsOf, optOutKeywordsProblem } from "@atendo/contracts";
import Button from "@mui/material/Button";
import CardActions from "@mui/material/CardActions";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { SectionCard } from "../../../components/section-card";
import { useTranslation } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { useUpdateSetting } from "../hooks/use-settings";

/**
 * The customers' words for "no more messages" (issue 31, docs/decisions/0086), comma-separated;
 * checked here by the contract's own rule before the server checks it again. Empty: off.
 */
export function OptOutKeywordsSetting({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  const mutation = useUpdateSetting();
  // What the admin is typing; null until they type, so a teammate's change shows meanwhile.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? value ?? "";
  const problem = optOutKeywordsProblem(text);
  const { maxKeywords, keywordMax } = limits.optOutKeywords;
  const problemText = problem && t(`optOut.${problem}`, { max: problem === "tooMany" ? maxKeywords : keywordMax });
  const off = optOutKeywordsOf(text).length === 0;

  function save(): void {
    const onSuccess = () => {
      setDraft(null);
      toast.success(t("settings.saved"));
    };
    mutation.mutate({ key: "optOutKeywords", value: text }, { onSuccess });
  }

  return (
    <SectionCard
      title={t("optOut.settingTitle")}
      description={t("optOut.settingDescription")}
      footer={
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button variant="contained" onClick={save} loading={mutation.isPending} disabled={value === undefined || draft === null || problem !== null}>
            {t("common.save")}
          </Button>
        </CardActions>
      }
    >
      <TextField
        fullWidth
        label={t("optOut.settingLabel")}
        value={text}
        disabled={value === undefined}
        onChange={(event) => setDraft(event.target.value)}
        error={problem !== null}
        helperText={problemText || (off ? t("optOut.settingOff") : " ")}
      />
    </SectionCard>
  );
}
