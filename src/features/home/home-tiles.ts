import type { TileItem } from '../sessions/TileGrid';
import { filteredHref } from '../sessions/tiles';

const MOODS: { value: string; tint: string }[] = [
  { value: 'calm', tint: '#dde9ef' },
  { value: 'confident', tint: '#f6ead0' },
  { value: 'expressive', tint: '#f3dfe6' },
  { value: 'energized', tint: '#f6e1d8' },
  { value: 'peaceful', tint: '#e4ede0' },
  { value: 'focused', tint: '#e6e2f2' },
];

export const HOME_MOOD_TILES: TileItem[] = MOODS.map((m) => ({
  key: m.value,
  to: filteredHref('mood', m.value),
  label: m.value,
  tint: m.tint,
}));
