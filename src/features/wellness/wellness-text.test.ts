import { describe, expect, it } from 'vitest';
import { checkVital, formatVital, fromLocalInput, insightEffect, toLocalInput } from './wellness-text';

describe('wellness texts and rules', () => {
  it('needs a data type and a value within the type range before sending', () => {
    expect(checkVital('', '60')).toEqual({ problem: 'Choose a data type.' });
    expect(checkVital('heart_rate', ' ')).toEqual({ problem: 'Enter a value.' });
    expect(checkVital('heart_rate', '300')).toEqual({ problem: 'Heart rate must be from 25 to 250 bpm.' });
    expect(checkVital('sleep_quality', '7.5')).toEqual({
      problem: 'Sleep quality must be a whole number from 1 to 10.',
    });
    expect(checkVital('hrv', '42.5')).toEqual({ value: 42.5 });
  });

  it('formats scores out of ten and other vitals with their unit', () => {
    expect(formatVital(8, 'score')).toBe('8 /10');
    expect(formatVital(61.25, 'bpm')).toBe('61.3 bpm');
  });

  it('round-trips the time field and rejects an empty one', () => {
    const ms = new Date(2026, 0, 31, 8, 5).getTime();
    expect(toLocalInput(ms)).toBe('2026-01-31T08:05');
    expect(fromLocalInput('2026-01-31T08:05')).toBe(new Date(ms).toISOString());
    expect(fromLocalInput('')).toBeNull();
  });
});

describe('an insight effect', () => {
  const insight = { id: 'x', message: '', correlation: null, difference: null, unit: null, days: 7 };
  it('names the unit of a difference: points on the 1-10 scales, percent for tonal clarity', () => {
    expect(insightEffect({ ...insight, kind: 'difference', difference: -3.4, unit: 'points' })).toBe(
      'Difference -3.4 points',
    );
    expect(insightEffect({ ...insight, kind: 'difference', difference: 1, unit: 'points' })).toBe(
      'Difference 1 point',
    );
    expect(insightEffect({ ...insight, kind: 'difference', difference: 17, unit: 'percent' })).toBe(
      'Difference 17%',
    );
    expect(insightEffect({ ...insight, kind: 'correlation', correlation: -62 })).toBe('Correlation -62%');
  });
});
