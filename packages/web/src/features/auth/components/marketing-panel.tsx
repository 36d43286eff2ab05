import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutline";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";

const benefitKeys = ["marketing.benefitShared", "marketing.benefitQueues", "marketing.benefitSelfHosted"] as const;

/** The product pitch beside the login form, on screens of at least 1024 px (spec §2). */
export function MarketingPanel() {
  const { t } = useTranslation();
  return (
    <Box
      component="aside"
      aria-label={t("marketing.label")}
      sx={{
        display: { xs: "none", lg: "flex" },
        flex: 1,
        flexDirection: "column",
        justifyContent: "center",
        px: 8,
        py: 6,
        color: "primary.contrastText",
        background: "linear-gradient(135deg, #115e59 0%, #0f766e 55%, #14b8a6 100%)",
      }}
    >
      <Box sx={{ maxWidth: 520 }}>
        <Typography variant="overline" sx={{ opacity: 0.85, letterSpacing: 2 }}>
          {t("marketing.eyebrow")}
        </Typography>
        <Typography variant="h2" component="p" sx={{ fontSize: "2.25rem", lineHeight: 1.2, mt: 1, mb: 2 }}>
          {t("marketing.headline")}
        </Typography>
        <Typography sx={{ opacity: 0.9, mb: 4 }}>{t("marketing.subheadline")}</Typography>
        <Stack component="ul" spacing={2} sx={{ listStyle: "none", p: 0, m: 0 }}>
          {benefitKeys.map((key) => (
            <Box component="li" key={key} sx={{ display: "flex", gap: 1.5, alignItems: "flex-start" }}>
              <CheckCircleOutlineIcon aria-hidden sx={{ mt: "2px" }} />
              <Typography>{t(key)}</Typography>
            </Box>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}
