import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { visuallyHidden } from "../../../../components/visually-hidden";

/** The figures of a chart as a table, for screen readers (the picture says them to the eye). */
export interface ChartTable {
  caption: string;
  columns: string[];
  rows: { key: string; cells: (string | number)[] }[];
}

interface ChartCardProps {
  title: string;
  /** One sentence on what the chart shows (read before its table). */
  summary: string;
  /** A line under the title (which clock the hours are on). */
  note?: string;
  legend?: ReactNode;
  /** Beside the title: a switch between views. */
  actions?: ReactNode;
  table?: ChartTable;
  children: ReactNode;
}

/** A chart's card: its title, legend, the picture, and its figures as a hidden table. */
export function ChartCard({ title, summary, note, legend, actions, table, children }: ChartCardProps) {
  return (
    <Card component="figure" sx={{ m: 0, minWidth: 0, height: "100%" }}>
      <CardContent>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", mb: 1 }}>
          <Typography variant="h3" component="h3" sx={{ flex: "1 1 auto" }}>
            {title}
          </Typography>
          {actions}
        </Box>
        {note && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: -0.5, mb: 1 }}>
            {note}
          </Typography>
        )}
        <Typography component="figcaption" sx={visuallyHidden}>
          {summary}
        </Typography>
        {legend}
        {children}
        {table && (
          <Box component="table" sx={visuallyHidden}>
            <caption>{table.caption}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={index}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** Which colour is which series. */
export function ChartLegend({ items }: { items: { label: string; color: string }[] }) {
  return (
    <Box component="ul" sx={{ display: "flex", flexWrap: "wrap", gap: 2, listStyle: "none", p: 0, m: 0, mb: 1 }}>
      {items.map((item) => (
        <Box component="li" key={item.label} sx={{ display: "flex", alignItems: "center", gap: 0.75 }}>
          <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: "3px", bgcolor: item.color }} />
          <Typography variant="body2" color="text.secondary">
            {item.label}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
