import type { TileItem } from '../sessions/TileGrid';
import { filteredHref } from '../sessions/tiles';

export const EXPERIENCE_TILES: TileItem[] = [
  { value: 'beginner', subtitle: 'start tuning in' },
  { value: 'developing', subtitle: 'building foundation' },
  { value: 'skilled', subtitle: 'strengthen and expand' },
  { value: 'professional', subtitle: 'refine and perform' },
].map((t) => ({
  key: t.value,
  to: filteredHref('experience', t.value),
  label: t.value,
  subtitle: t.subtitle,
}));

export const INTENTIONS = [
  'find-your-center',
  'speak-with-confidence',
  'connect-with-others',
  'regulate-anxiety',
  'find-calm-under-pressure',
  'spark-motivation',
  'increase-clarity',
  'turn-fear-into-fun',
] as const;

export const INTENTION_TILES: TileItem[] = INTENTIONS.map((v) => ({
  key: v,
  to: filteredHref('intention', v),
  label: v.replace(/-/g, ' '),
}));

const FEELINGS: { value: string; tint: string }[] = [
  { value: 'calm', tint: '#dde9ef' },
  { value: 'confident', tint: '#f6ead0' },
  { value: 'playful', tint: '#f3dfe6' },
  { value: 'focused', tint: '#e6e2f2' },
  { value: 'healing', tint: '#e4ede0' },
  { value: 'energized', tint: '#f6e1d8' },
];

export const FEELING_TILES: TileItem[] = FEELINGS.map((f) => ({
  key: f.value,
  to: filteredHref('mood', f.value),
  label: f.value,
  tint: f.tint,
}));
