import "./tooltip.css";
import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type MouseEvent, type ReactElement } from "react";
import { createPortal } from "react-dom";

type Placement = "bottom" | "right";

/** What the tooltip adds to its control; the control's own handlers still run. */
interface ControlProps {
  "aria-describedby"?: string;
  onMouseOver?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

interface TooltipProps {
  title: string;
  placement?: Placement;
  children: ReactElement<ControlProps> | ReactElement<object>;
}

/** How far the label sits from its control, and the arrow from the label's ends (MUI's figures). */
const gapPx = 14;
const arrowPaddingPx = 4;
/** A pointer passing over a control does not flash its label (MUI's enterDelay). */
const hoverDelayMs = 100;

/**
 * A control's short label, shown while the pointer is over it or it has the keyboard's focus;
 * Escape hides it. MUI's Tooltip look (tooltip.css) without its Popper and popper.js, 11 kB gzip
 * of the tickets screen's first load (docs/decisions/0043). The control is the same element
 * before, during and after (no wrapper, no swap): a menu anchored to it keeps its anchor. Placed
 * with the control's position when it shows, and again when the page scrolls or resizes.
 */
export function Tooltip({ title, placement = "bottom", children }: TooltipProps) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const label = useRef<HTMLDivElement>(null);
  const arrow = useRef<HTMLSpanElement>(null);

  const show = (control: HTMLElement) => setAnchor(control);
  const hide = () => {
    clearTimeout(hoverTimer.current);
    hoverTimer.current = undefined;
    setAnchor(null);
  };
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  useEffect(() => {
    if (!anchor) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [anchor]);

  useLayoutEffect(() => {
    const element = label.current;
    if (!anchor || !element) return;
    const place = () => {
      const control = anchor.getBoundingClientRect();
      const { offsetWidth: width, offsetHeight: height } = element;
      const viewportWidth = document.documentElement.clientWidth;
      const viewportHeight = document.documentElement.clientHeight;
      const clamp = (value: number, max: number) => Math.max(0, Math.min(value, max));
      if (placement === "right") {
        const top = clamp(control.top + control.height / 2 - height / 2, viewportHeight - height);
        element.style.left = `${control.right + gapPx}px`;
        element.style.top = `${top}px`;
        const arrowHeight = arrow.current?.offsetHeight ?? 0;
        const arrowTop = Math.max(arrowPaddingPx, Math.min(control.top + control.height / 2 - top - arrowHeight / 2, height - arrowHeight - arrowPaddingPx));
        arrow.current?.style.setProperty("top", `${arrowTop}px`);
      } else {
        const left = clamp(control.left + control.width / 2 - width / 2, viewportWidth - width);
        element.style.left = `${left}px`;
        element.style.top = `${control.bottom + gapPx}px`;
        const arrowWidth = arrow.current?.offsetWidth ?? 0;
        const arrowLeft = Math.max(arrowPaddingPx, Math.min(control.left + control.width / 2 - left - arrowWidth / 2, width - arrowWidth - arrowPaddingPx));
        arrow.current?.style.setProperty("left", `${arrowLeft}px`);
      }
    };
    place();
    window.addEventListener("resize", place);
    window.addEventListener("scroll", place, true);
    return () => {
      window.removeEventListener("resize", place);
      window.removeEventListener("scroll", place, true);
    };
  }, [anchor, placement]);

  const own = children.props as ControlProps;
  const control = cloneElement(children as ReactElement<ControlProps>, {
    "aria-describedby": anchor ? id : own["aria-describedby"],
    onMouseOver: (event) => {
      own.onMouseOver?.(event);
      // mouseover repeats as the pointer crosses the control's children: the first one counts.
      if (anchor || hoverTimer.current !== undefined) return;
      const target = event.currentTarget;
      hoverTimer.current = setTimeout(() => {
        hoverTimer.current = undefined;
        show(target);
      }, hoverDelayMs);
    },
    onMouseLeave: (event) => {
      own.onMouseLeave?.(event);
      hide();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      // The keyboard's focus, not a click's: a click shows the label through the pointer already.
      if (event.currentTarget.matches(":focus-visible")) show(event.currentTarget);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      hide();
    },
  });

  return (
    <>
      {control}
      {anchor &&
        createPortal(
          <div ref={label} id={id} role="tooltip" className="tooltip" data-placement={placement}>
            {title}
            <span ref={arrow} className="tooltip-arrow" />
          </div>,
          document.body,
        )}
    </>
  );
}
