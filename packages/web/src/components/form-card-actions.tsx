import Button from "@mui/material/Button";
import CardActions from "@mui/material/CardActions";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";

/** Cancel (back to `cancelTo`) and Save at the foot of a full-page form card. */
export function FormCardActions({ cancelTo, saving }: { cancelTo: string; saving: boolean }) {
  const { t } = useTranslation();
  return (
    <CardActions sx={{ justifyContent: "flex-end", px: 2, pb: 2 }}>
      <Button component={RouterLink} to={cancelTo}>
        {t("common.cancel")}
      </Button>
      <Button type="submit" variant="contained" loading={saving}>
        {t("common.save")}
      </Button>
    </CardActions>
  );
}
