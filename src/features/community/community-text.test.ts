import { describe, expect, it } from 'vitest';
import {
  canSubmitReflection,
  echoesAndCounting,
  initialOf,
  nextTabIndex,
  parsePickerValue,
  pickerValue,
  primaryCategory,
  shortTimeAgo,
  uniqueCompletedSessions,
} from './community-text';

describe('community text helpers', () => {
  it('moves tab focus with arrows, wrapping, and Home/End', () => {
    expect(nextTabIndex('ArrowRight', 3, 4)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 4)).toBe(3);
    expect(nextTabIndex('Home', 2, 4)).toBe(0);
    expect(nextTabIndex('End', 0, 4)).toBe(3);
    expect(nextTabIndex('a', 0, 4)).toBeNull();
  });

  it('formats short relative times', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(shortTimeAgo('2026-01-10T11:59:30Z', now)).toBe('just now');
    expect(shortTimeAgo('2026-01-10T11:55:00Z', now)).toBe('5m ago');
    expect(shortTimeAgo('2026-01-10T09:00:00Z', now)).toBe('3h ago');
    expect(shortTimeAgo('2026-01-08T12:00:00Z', now)).toBe('2d ago');
    expect(shortTimeAgo('nope', now)).toBe('');
  });

  it('shows initials, echo counts and the primary category with find as default', () => {
    expect(initialOf('ana')).toBe('A');
    expect(initialOf(' ')).toBe('?');
    expect(echoesAndCounting(1)).toBe('1 echo and counting');
    expect(echoesAndCounting(3)).toBe('3 echoes and counting');
    expect(primaryCategory(['Fun', 'find'])).toBe('fun');
    expect(primaryCategory([])).toBe('find');
    expect(primaryCategory(['other'])).toBe('find');
  });

  it('keeps a guided exercise apart from the catalogue session with the same id in the picker', () => {
    const rows = [
      { kind: 'catalogue', sessionId: 1 },
      { kind: 'template', sessionId: 1 },
      { kind: 'template', sessionId: 1 },
    ];
    expect(uniqueCompletedSessions(rows)).toEqual(rows.slice(0, 2));
    expect(rows.slice(0, 2).map(pickerValue)).toEqual(['catalogue:1', 'template:1']);
    expect(parsePickerValue('template:7')).toEqual({ kind: 'template', sessionId: 7 });
    expect(parsePickerValue('catalogue:12')).toEqual({ kind: 'catalogue', sessionId: 12 });
    for (const bad of ['', '7', 'circle:1', 'template:0', 'template:0x2'])
      expect(parsePickerValue(bad)).toBeNull();
  });

  it('lists each completed session once and enables submit only with a session and text', () => {
    expect(uniqueCompletedSessions([{ sessionId: 1 }, { sessionId: 2 }, { sessionId: 1 }])).toEqual([
      { sessionId: 1 },
      { sessionId: 2 },
    ]);
    expect(canSubmitReflection(null, 'hi', false)).toBe(false);
    expect(canSubmitReflection(1, '   ', false)).toBe(false);
    expect(canSubmitReflection(1, 'hi', true)).toBe(false);
    expect(canSubmitReflection(1, 'hi', false)).toBe(true);
  });
});
