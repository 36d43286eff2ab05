import ConstructionIcon from "@mui/icons-material/Construction";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Page } from "../../components/page";

/** Placeholder for a page that is not built yet: says so plainly, shows nothing fake. */
export function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  return (
    <Page title={title} narrow>
      <Card>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: "flex-start" }}>
            <ConstructionIcon color="primary" aria-hidden sx={{ fontSize: 40 }} />
            <div>
              <Typography variant="h3" component="h2" gutterBottom>
                {t("comingSoon.title")}
              </Typography>
              <Typography color="text.secondary">{t("comingSoon.text", { page: title })}</Typography>
            </div>
          </Stack>
        </CardContent>
      </Card>
    </Page>
  );
}
