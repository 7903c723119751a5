import { createElement } from 'react';
import { CategoryIcon } from './CategoryIcon';
import type { TileItem } from './TileGrid';

/** The four focus areas (spec core §2, home and discover). */
export const FOCUS_TILES = [
  { value: 'find', label: 'find my voice' },
  { value: 'free', label: 'free my voice' },
  { value: 'fine-tune', label: 'fine-tune my voice' },
  { value: 'fun', label: 'fun with my voice' },
] as const;

export type FilterType = 'category' | 'mood' | 'experience' | 'intention' | 'focus';

export function filteredHref(type: FilterType, value: string): string {
  return `/filtered?${new URLSearchParams({ type, value }).toString()}`;
}

export const FOCUS_TILE_ITEMS: TileItem[] = FOCUS_TILES.map((f) => ({
  key: f.value,
  to: filteredHref('category', f.value),
  label: f.label,
  icon: createElement(CategoryIcon, { category: f.value, width: 22, height: 22 }),
}));
