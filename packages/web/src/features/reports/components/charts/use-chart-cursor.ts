import { useState, type KeyboardEvent } from "react";

/** The point of a chart being read: its row (series or weekday) and column (day or hour). */
export interface ChartPoint {
  row: number;
  col: number;
}

const moves: Record<string, (point: ChartPoint, rows: number, cols: number) => ChartPoint> = {
  ArrowLeft: (p) => ({ ...p, col: Math.max(0, p.col - 1) }),
  ArrowRight: (p, _rows, cols) => ({ ...p, col: Math.min(cols - 1, p.col + 1) }),
  ArrowUp: (p) => ({ ...p, row: Math.max(0, p.row - 1) }),
  ArrowDown: (p, rows) => ({ ...p, row: Math.min(rows - 1, p.row + 1) }),
  Home: (p) => ({ ...p, col: 0 }),
  End: (p, _rows, cols) => ({ ...p, col: cols - 1 }),
};

/**
 * Which point a chart shows the values of: the one under the pointer, or, with the chart
 * focused, the one the arrow keys (Home, End) moved to. Escape hides it.
 */
export function useChartCursor(rows: number, cols: number) {
  const [point, setPoint] = useState<ChartPoint | null>(null);
  const active = point && point.row < rows && point.col < cols ? point : null;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") return setPoint(null);
    const move = moves[event.key];
    if (!move || rows === 0 || cols === 0) return;
    event.preventDefault();
    setPoint(move(active ?? { row: 0, col: 0 }, rows, cols));
  };
  return {
    active,
    /** Points at `point` (pointer moves over it). */
    point: setPoint,
    /** What the chart's focusable area spreads on itself. */
    areaProps: {
      tabIndex: 0,
      onKeyDown,
      onFocus: () => setPoint((current) => current ?? (rows && cols ? { row: 0, col: 0 } : null)),
      onBlur: () => setPoint(null),
      onPointerLeave: () => setPoint(null),
    },
  };
}
