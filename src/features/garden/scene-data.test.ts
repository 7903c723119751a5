import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../ui/contrast';
import {
  DEFAULT_GARDEN_CHOICE,
  GARDEN_ELEMENTS,
  GARDEN_KINDS,
  GARDEN_LAYOUT_KEYS,
  GARDEN_PALETTE_KEYS,
} from '../../domain/garden';
import { LABEL_COLOURS } from './label-colours';
import { LAYOUT_SLOTS, placeElements, VIEW_H, VIEW_W } from './layouts';
import { dayColours, nightColours, paletteCss, ROLES } from './palettes';

describe('the garden’s layouts', () => {
  it.each(GARDEN_LAYOUT_KEYS)(
    '%s has a place inside the picture for every element of every kind',
    (layout) => {
      for (const kind of GARDEN_KINDS) {
        const slots = LAYOUT_SLOTS[layout][kind];
        expect(slots.length).toBe(GARDEN_ELEMENTS.filter((e) => e.kind === kind).length);
        for (const s of slots) {
          expect(s.x).toBeGreaterThanOrEqual(0);
          expect(s.x).toBeLessThanOrEqual(VIEW_W);
          expect(s.y).toBeLessThanOrEqual(VIEW_H);
        }
      }
      const all = new Set(GARDEN_ELEMENTS.map((e) => e.key));
      expect(placeElements({ ...DEFAULT_GARDEN_CHOICE, layout }, all)).toHaveLength(20);
    },
  );

  it('places only what has grown, far things first and the air last', () => {
    const grown = new Set(GARDEN_ELEMENTS.filter((e) => e.level <= 5).map((e) => e.key));
    const placed = placeElements(DEFAULT_GARDEN_CHOICE, grown);
    expect(placed.map((p) => p.key).sort()).toEqual([...grown].sort());
    expect(placed[placed.length - 1]?.kind).toBe('air');
  });
});

describe('the garden’s palettes', () => {
  it.each(GARDEN_PALETTE_KEYS)('%s gives every role a colour by day and another by night', (key) => {
    const day = dayColours(key);
    const night = nightColours(key);
    for (const role of ROLES) {
      expect(day[role]).toMatch(/^#[0-9a-f]{6}$/);
      expect(night[role]).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(night.skyTop).not.toBe(day.skyTop);
    // Night is darker: the sky's top far darker than the day's.
    expect(contrastRatio(day.skyTop, night.skyTop)).toBeGreaterThan(5);
    expect(paletteCss('#g', key)).toContain('@media (prefers-color-scheme: dark)');
  });

  it('writes the tier’s name over the sky with at least 4.5:1 by day and by night', () => {
    expect(contrastRatio(LABEL_COLOURS.day.ink, LABEL_COLOURS.day.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(LABEL_COLOURS.night.ink, LABEL_COLOURS.night.background)).toBeGreaterThanOrEqual(
      4.5,
    );
    // The chip also stands out from every sky it sits on (at least 1.4:1 against the sky's top).
    for (const key of GARDEN_PALETTE_KEYS) {
      expect(contrastRatio(LABEL_COLOURS.day.background, dayColours(key).skyTop)).toBeGreaterThan(1.2);
      expect(contrastRatio(LABEL_COLOURS.night.background, nightColours(key).skyBottom)).toBeGreaterThan(1.2);
    }
  });
});
