import { describe, expect, it } from 'vitest';
import {
  canCreateCircle,
  clock,
  focusLabel,
  formatWhen,
  isFull,
  localInputToIso,
  scheduleLabel,
} from './circles-text';

describe('voice circles texts', () => {
  it('shows General for a blank focus area', () => {
    expect(focusLabel('')).toBe('General');
    expect(focusLabel('stress_relief')).toBe('Stress relief');
  });
  it('needs a non-blank name and no save in flight to create', () => {
    expect(canCreateCircle('   ', false)).toBe(false);
    expect(canCreateCircle(' Hum ', false)).toBe(true);
    expect(canCreateCircle('Hum', true)).toBe(false);
  });
  it('formats the next session in the member time zone', () => {
    const iso = '2026-11-26T19:00:00.000Z';
    expect(formatWhen(iso, 'Europe/Paris')).toContain('20:00');
    expect(formatWhen(iso, 'America/New_York')).toContain('14:00');
    expect(scheduleLabel(null)).toBe('Any time this week');
  });
  it('knows a full circle and counts down', () => {
    expect(isFull({ currentParticipants: 8, maxParticipants: 8 })).toBe(true);
    expect(isFull({ currentParticipants: 7, maxParticipants: 8 })).toBe(false);
    expect(clock(65.2)).toBe('1:06');
    expect(clock(-3)).toBe('0:00');
  });
  it('reads datetime-local values', () => {
    expect(localInputToIso('nope')).toBeNull();
    expect(localInputToIso('2026-11-26T19:00')).toMatch(/^2026-11-2\dT\d\d:00:00.000Z$/);
  });
});
