/**
 * WCAG 2.x colour contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio), for text drawn on
 * colours users choose (a queue's colour). MUI's `getContrastText` aims at 3:1 only; AA asks 4.5:1
 * for normal text, and black or white always reaches at least 4.58:1 on any opaque colour.
 */

/** The text colours a coloured surface gets: the darkest and lightest there are. */
export const textOnColour = { dark: "#000000", light: "#ffffff" } as const;

/** The sRGB channels (0–255) of `#rgb` or `#rrggbb`, or null for anything else. */
function channels(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join("") : match[1];
  return [0, 2, 4].map((start) => Number.parseInt(digits.slice(start, start + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance, 0 (black) to 1 (white); null when the colour is not `#rgb`/`#rrggbb`. */
export function relativeLuminance(hex: string): number | null {
  const rgb = channels(hex);
  if (!rgb) return null;
  const [red, green, blue] = rgb.map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The contrast ratio of two colours, from 1 (same) to 21 (black on white); null if either is unreadable. */
export function contrastRatio(first: string, second: string): number | null {
  const a = relativeLuminance(first);
  const b = relativeLuminance(second);
  if (a === null || b === null) return null;
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * Black or white, whichever contrasts more with `background` (≥ 4.58:1 whatever the colour, so AA
 * for normal text). A colour that cannot be read (not `#rgb`/`#rrggbb`) gets black, the theme's text.
 */
export function readableTextOn(background: string): string {
  const luminance = relativeLuminance(background);
  if (luminance === null) return textOnColour.dark;
  // Equal contrast with both at L = √(1.05 × 0.05) − 0.05 ≈ 0.179.
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? textOnColour.dark : textOnColour.light;
}
