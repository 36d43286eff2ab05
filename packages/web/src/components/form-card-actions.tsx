import Button from "@mui/material/Button";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import { useTranslation } from "../lib/i18n";
import { Link as RouterLink } from "react-router";
import type { StackedFormProps } from "./stacked-form";

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

interface CardFormProps extends StackedFormProps {
  /** Where Cancel goes: the list the form belongs to. */
  cancelTo: string;
}

/** The form of a full-page form card (queues, connections, menus…): stacked fields, then Cancel and Save. */
export function CardForm({ onSubmit, cancelTo, pending, children }: CardFormProps) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <CardContent>
        <Stack spacing={2.5}>{children}</Stack>
      </CardContent>
      <FormCardActions cancelTo={cancelTo} saving={pending} />
    </form>
  );
}
