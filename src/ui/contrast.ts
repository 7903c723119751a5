/**
 * WCAG 2.x contrast, for colours that come with the data (an expert's avatar colour) and so
 * cannot be checked once in a stylesheet.
 */

/** Relative luminance of a #rrggbb colour (WCAG 2.2, "relative luminance"). */
export function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = m.slice(1).map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The app's ink (tokens.css --color-ink) and white: text on a coloured fill takes the clearer. */
export const DARK_INK = '#24232b';
export const LIGHT_INK = '#ffffff';

/** WCAG 2.2 AA for normal-size text. */
export const AA_TEXT = 4.5;

export function inkOn(background: string): string {
  return contrastRatio(LIGHT_INK, background) >= contrastRatio(DARK_INK, background) ? LIGHT_INK : DARK_INK;
}

/**
 * A fill and the ink to write on it with at least 4.5:1. Mid-tones (#8d7fb8, #c8664d) reach
 * that with neither ink, so the fill is darkened toward black in small steps, keeping its hue,
 * until white text on it does.
 */
export function readableOn(background: string): { fill: string; ink: string } {
  let fill = background.trim().toLowerCase();
  // A colour the data spells otherwise cannot be measured: the app's ink is a safe fill.
  if (!/^#[0-9a-f]{6}$/.test(fill)) return { fill: DARK_INK, ink: LIGHT_INK };
  for (let step = 0; step < 20; step += 1) {
    const ink = inkOn(fill);
    if (contrastRatio(ink, fill) >= AA_TEXT) return { fill, ink };
    fill = darken(fill, 0.06);
  }
  return { fill: DARK_INK, ink: LIGHT_INK };
}

function darken(hex: string, by: number): string {
  const channels = [1, 3, 5].map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - by)));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
