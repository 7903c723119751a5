import type { CSSProperties } from 'react';

/**
 * The chip that carries the garden tier's name over the picture's sky: a light chip by day and
 * a night-blue one at night (prefers-color-scheme: dark), each far above 4.5:1 for its text
 * whatever the palette (a test checks). Applied as CSS custom properties (Garden.module.css).
 */
export const LABEL_COLOURS = {
  day: { background: '#fffdf9', ink: '#24232b' },
  night: { background: '#161c36', ink: '#f4f1ea' },
} as const;

export const labelVars = {
  '--garden-label-bg': LABEL_COLOURS.day.background,
  '--garden-label-ink': LABEL_COLOURS.day.ink,
  '--garden-label-night-bg': LABEL_COLOURS.night.background,
  '--garden-label-night-ink': LABEL_COLOURS.night.ink,
} as CSSProperties;
