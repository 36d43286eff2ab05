import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId, type ReactNode } from "react";

/** A titled group of the campaign form's fields (who, what, when). */
export function CampaignFormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Stack component="section" aria-labelledby={titleId} spacing={2}>
      <div>
        <Typography id={titleId} variant="h3" component="h2">
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        )}
      </div>
      {children}
    </Stack>
  );
}
