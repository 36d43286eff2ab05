import { layout, type Ticket } from "@atendo/contracts";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { forwardRef, type HTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { Virtuoso, type Components } from "react-virtuoso";

interface TicketRowsProps {
  tickets: Ticket[];
  label: string;
  empty: string;
  hasNextPage: boolean;
  loadingMore: boolean;
  /** Called near the end of the list (spec §9: 100 px); only the user's scrolling retries a failed page. */
  onEndReached: () => void;
  renderRow: (ticket: Ticket) => React.ReactNode;
}

interface RowsContext {
  label: string;
}

// The list element carries the name, so a screen reader (and a test) finds "Waiting tickets".
const List = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement> & { context?: RowsContext }>(function List(
  { context, ...props },
  ref,
) {
  return <div {...props} ref={ref} role="list" aria-label={context?.label} />;
});

const Item: Components<Ticket, RowsContext>["Item"] = ({ children, item: _item, context: _context, ...props }) => (
  <div {...props} role="listitem">
    {children}
  </div>
);

/**
 * The rows, virtualised (a queue can hold thousands of tickets): only what is on screen is in the
 * page. The next page is asked for when the end comes within 100 px of the view.
 */
export function TicketRows({ tickets, label, empty, hasNextPage, loadingMore, onEndReached, renderRow }: TicketRowsProps) {
  const { t } = useTranslation();
  if (tickets.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: "center" }}>
        {empty}
      </Typography>
    );
  }
  return (
    <Virtuoso<Ticket, RowsContext>
      style={{ height: "100%" }}
      context={{ label }}
      data={tickets}
      computeItemKey={(_index, ticket) => ticket.id}
      increaseViewportBy={{ top: 0, bottom: layout.infiniteScrollPx }}
      endReached={() => {
        if (hasNextPage && !loadingMore) onEndReached();
      }}
      itemContent={(_index, ticket) => renderRow(ticket)}
      components={{
        List,
        Item,
        Footer: () =>
          loadingMore ? (
            <Box sx={{ display: "grid", placeItems: "center", py: 2 }}>
              <CircularProgress size={24} aria-label={t("common.loadingMore")} />
            </Box>
          ) : null,
      }}
    />
  );
}
