import { limits, type TicketRating } from "@atendo/contracts";
import StarIcon from "@mui/icons-material/Star";
import StarBorderIcon from "@mui/icons-material/StarBorder";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";

/** A survey's score as stars, read out as "Rated 4 out of 5" (the stars themselves are hidden from screen readers). */
export function RatingStars({ score }: { score: number }) {
  const { t } = useTranslation();
  return (
    <Box component="span" role="img" aria-label={t("survey.rated", { score, max: limits.surveyScore.max })} sx={{ display: "inline-flex", verticalAlign: "middle", color: "warning.main" }}>
      {Array.from({ length: limits.surveyScore.max }, (_, i) =>
        i < score ? <StarIcon key={i} fontSize="small" aria-hidden /> : <StarBorderIcon key={i} fontSize="small" aria-hidden sx={{ color: "text.disabled" }} />,
      )}
    </Box>
  );
}

/**
 * Under a closed ticket's header, once the customer answered its satisfaction survey (issue 30):
 * the score as stars and the comment they left after a low one.
 */
export function TicketRatingBar({ rating }: { rating: TicketRating | null }) {
  const { t } = useTranslation();
  if (!rating) return null;
  return (
    <Box
      component="section"
      aria-label={t("survey.ratingTitle")}
      data-testid="ticket-rating"
      sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 1, px: { xs: 1, sm: 2 }, py: 0.5, minHeight: 40, borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}
    >
      <Typography variant="body2" color="text.secondary">
        {t("survey.ratingTitle")}
      </Typography>
      <RatingStars score={rating.score} />
      <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
        {t("survey.score", { score: rating.score, max: limits.surveyScore.max })}
      </Typography>
      {rating.comment && (
        <Typography variant="body2" component="q" sx={{ flexBasis: { xs: "100%", sm: "auto" }, minWidth: 0, overflowWrap: "anywhere", fontStyle: "italic" }}>
          {rating.comment}
        </Typography>
      )}
    </Box>
  );
}
