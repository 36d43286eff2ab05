/**
 * Styles that hide an element from the eye but not from screen readers (a page heading the layout
 * does not show). Lengths are strings on purpose: in MUI's `sx` a bare number from 0 to 1 is a
 * fraction, so `width: 1` means 100 % and such a "hidden" heading spans its containing block,
 * which made the document wider and taller than the window (issue 11).
 */
export const visuallyHidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  margin: "-1px",
  padding: 0,
  border: 0,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;
