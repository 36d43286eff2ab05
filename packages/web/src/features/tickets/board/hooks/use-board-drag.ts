import type { Ticket } from "@atendo/contracts";
import { useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import type { BoardColumnId } from "./board-rules";

/** A card being moved: where it comes from, the column it is over (null: none), the pointer. */
export interface BoardDrag {
  ticket: Ticket;
  from: BoardColumnId;
  over: BoardColumnId | null;
  mode: "pointer" | "keyboard";
  x: number;
  y: number;
}

interface Pressed {
  ticket: Ticket;
  from: BoardColumnId;
  x: number;
  y: number;
}

/** How far the pointer moves before a press becomes a drag (a shorter press is a click: it opens the ticket). */
const dragThreshold = 6;

/** The column element under a point (cards carry `data-board-column` through their column). */
export function columnAt(x: number, y: number): BoardColumnId | null {
  const value = document.elementFromPoint(x, y)?.closest("[data-board-column]")?.getAttribute("data-board-column");
  if (!value) return null;
  return value === "none" ? "none" : Number(value);
}

interface Options {
  columns: readonly BoardColumnId[];
  onDrop: (ticket: Ticket, from: BoardColumnId, to: BoardColumnId) => void;
  /** Tells the screen reader (the board's live region) what happens. */
  announce: (event: "pickedUp" | "over" | "cancelled", ticket: Ticket, column: BoardColumnId) => void;
}

/**
 * Dragging cards between columns with native pointer events and the keyboard (no drag-and-drop
 * library is installed, docs/decisions/0075). Mouse or pen: press and move past a few pixels,
 * release over a column. Keyboard: Space picks the focused card up, the arrow keys choose the
 * column, Space (or Enter) drops, Escape cancels. Touch keeps scrolling the columns: it does not drag.
 */
export function useBoardDrag({ columns, onDrop, announce }: Options) {
  const [drag, setDrag] = useState<BoardDrag | null>(null);
  const pressed = useRef<Pressed | null>(null);
  // The click that ends a drag must not open the ticket.
  const justDragged = useRef(false);

  const finish = (dropped: boolean) => {
    const current = drag;
    setDrag(null);
    pressed.current = null;
    if (!current) return;
    if (dropped && current.over !== null && current.over !== current.from) onDrop(current.ticket, current.from, current.over);
    else announce("cancelled", current.ticket, current.from);
  };

  const cardProps = (ticket: Ticket, from: BoardColumnId) => ({
    draggable: false,
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0 || event.pointerType === "touch" || drag) return;
      pressed.current = { ticket, from, x: event.clientX, y: event.clientY };
      justDragged.current = false;
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const start = pressed.current;
      if (!start) return;
      const { clientX: x, clientY: y } = event;
      if (!drag) {
        if (Math.hypot(x - start.x, y - start.y) < dragThreshold) return;
        // Keeps the pointer's events on the card while it travels over other columns.
        event.currentTarget.setPointerCapture(event.pointerId);
        setDrag({ ticket: start.ticket, from: start.from, over: start.from, mode: "pointer", x, y });
        return;
      }
      setDrag({ ...drag, x, y, over: columnAt(x, y) });
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      if (drag?.mode === "pointer") {
        justDragged.current = true;
        finish(true);
        if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
      }
      pressed.current = null;
    },
    onPointerCancel: () => {
      if (drag?.mode === "pointer") finish(false);
      pressed.current = null;
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (justDragged.current || drag) event.preventDefault();
      justDragged.current = false;
    },
    onDragStart: (event: MouseEvent<HTMLElement>) => event.preventDefault(),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (!drag) {
        if (event.key !== " ") return;
        event.preventDefault();
        setDrag({ ticket, from, over: from, mode: "keyboard", x: 0, y: 0 });
        announce("pickedUp", ticket, from);
        return;
      }
      if (drag.mode !== "keyboard") {
        if (event.key === "Escape") finish(false);
        return;
      }
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      if (step !== undefined) {
        event.preventDefault();
        const at = columns.indexOf(drag.over ?? drag.from);
        const over = columns[Math.min(columns.length - 1, Math.max(0, at + step))] ?? drag.from;
        setDrag({ ...drag, over });
        announce("over", ticket, over);
      } else if (event.key === " " || event.key === "Enter") {
        event.preventDefault();
        finish(true);
      } else if (event.key === "Escape") {
        event.preventDefault();
        finish(false);
      }
    },
    onBlur: () => {
      if (drag?.mode === "keyboard") finish(false);
    },
  });

  return { drag, cardProps };
}
