import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast";
import { useUpdateSetting } from "../hooks/use-settings";

/** Whether visitors may create their own account on /signup. */
export function UserCreationSetting({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  const mutation = useUpdateSetting();
  const enabled = value === "enabled";

  function toggle(checked: boolean): void {
    mutation.mutate(
      { key: "userCreation", value: checked ? "enabled" : "disabled" },
      { onSuccess: () => toast.success(t("settings.saved")) },
    );
  }

  return (
    <Card>
      <CardContent>
        <Typography variant="h3" component="h2" gutterBottom>
          {t("settings.userCreation.title")}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t("settings.userCreation.description")}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={enabled}
              disabled={value === undefined || mutation.isPending}
              onChange={(_event, checked) => toggle(checked)}
            />
          }
          label={t("settings.userCreation.label")}
        />
      </CardContent>
    </Card>
  );
}
