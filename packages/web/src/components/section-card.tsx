import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

interface SectionCardProps {
  title: string;
  /** What the section is for, under its title. */
  description?: string;
  /** Space under the description: a switch row brings its own. */
  descriptionGap?: 1 | 2;
  children: ReactNode;
  /** Card actions (and their dialogs) under the content. */
  footer?: ReactNode;
}

/** A titled card of a settings-like page (settings, about). */
export function SectionCard({ title, description, descriptionGap = 2, children, footer }: SectionCardProps) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h3" component="h2" gutterBottom>
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: descriptionGap }}>
            {description}
          </Typography>
        )}
        {children}
      </CardContent>
      {footer}
    </Card>
  );
}
