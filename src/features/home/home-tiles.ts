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

/**
 * The areas beyond the catalogue. The spec's tab bar has no entry for them, so home is where a
 * member finds the guided exercise library, circles, wellness and classes.
 */
export const HOME_EXPLORE_TILES: TileItem[] = [
  {
    key: 'library',
    to: '/library',
    label: 'exercise library',
    subtitle: 'step-by-step voice work',
    tint: '#e4ede0',
  },
  {
    key: 'circles',
    to: '/voice-circles',
    label: 'voice circles',
    subtitle: 'practise together',
    tint: '#e6e2f2',
  },
  { key: 'wellness', to: '/wellness', label: 'wellness', subtitle: 'mood and vitals', tint: '#dde9ef' },
  {
    key: 'classes',
    to: '/expert-content',
    label: 'classes',
    subtitle: 'programs and experts',
    tint: '#f6ead0',
  },
];
