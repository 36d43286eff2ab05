import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

interface SettingCardProps {
  title: string;
  description: string;
  /** Space under the description: a switch row brings its own. */
  descriptionGap?: 1 | 2;
  /** The setting's control. */
  children: ReactNode;
  /** Buttons and dialogs under the control. */
  footer?: ReactNode;
}

/** One setting of the settings page: title, what it does, its control. */
export function SettingCard({ title, description, descriptionGap = 2, children, footer }: SettingCardProps) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h3" component="h2" gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: descriptionGap }}>
          {description}
        </Typography>
        {children}
      </CardContent>
      {footer}
    </Card>
  );
}
