import { layout } from "@atendo/contracts";
import PlaceOutlined from "@mui/icons-material/PlaceOutlined";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMemo } from "react";
import { useTranslation } from "../../../lib/i18n";
import { parseLocation } from "../lib/location";

/** A shared location: thumbnail, name and address, and a link to the map. */
export function LocationCard({ body }: { body: string }) {
  const { t } = useTranslation();
  const location = useMemo(() => parseLocation(body), [body]);
  return (
    <Stack spacing={1} sx={{ maxWidth: layout.mediaPreview }}>
      {location.imageUrl ? (
        <img
          src={location.imageUrl}
          alt={location.name || t("messages.types.location")}
          style={{ width: layout.mediaPreview, maxWidth: "100%", borderRadius: 6, display: "block" }}
        />
      ) : (
        <Box sx={{ display: "grid", placeItems: "center", height: 96, bgcolor: "action.hover", borderRadius: 1 }}>
          <PlaceOutlined color="action" fontSize="large" />
        </Box>
      )}
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {location.name || t("messages.types.location")}
        </Typography>
        {location.address && (
          <Typography variant="body2" color="text.secondary">
            {location.address}
          </Typography>
        )}
      </Box>
      {location.link && (
        <Link href={location.link} target="_blank" rel="noopener noreferrer" variant="body2">
          {t("messages.location.open")}
        </Link>
      )}
    </Stack>
  );
}
