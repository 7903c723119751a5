import { describe, expect, it } from 'vitest';
import { decideFeedback, FEEDBACK, SUGGESTIONS } from './feedback';
import { measurementsFromPercentages } from './measurements';
import {
  clarityAndStability,
  clarityWords,
  projectionWords,
  recordingInWords,
  resonanceWords,
  scoreMeaning,
  scoreWordsOf,
  stabilityWords,
  tuneWords,
} from './plain-words';
import { typicalOf } from './typical';

/** [number, words] pairs, so a failure names the number that got the wrong words. */
const said = (f: (n: number) => string, values: number[]) => values.map((v) => [v, f(v)]);

describe('a recording’s parts in words, on both sides of every threshold (issue 31)', () => {
  it('clarity: 70 and 50, the spec’s feedback thresholds', () => {
    expect(said(clarityWords, [100, 70, 69, 50, 49, 0])).toEqual([
      [100, 'clear'],
      [70, 'clear'],
      [69, 'mostly clear'],
      [50, 'mostly clear'],
      [49, 'hazy, with some breath or roughness in the sound'],
      [0, 'hazy, with some breath or roughness in the sound'],
    ]);
  });

  it('stability: 70, and 55 where the advice says the pitch is wandering', () => {
    expect(said(stabilityWords, [70, 69, 55, 54, 0])).toEqual([
      [70, 'steady'],
      [69, 'mostly steady'],
      [55, 'mostly steady'],
      [54, 'with a wandering pitch'],
      [0, 'with a wandering pitch'],
    ]);
  });

  it('projection: 35 and 45, and clipping above 2 % read first', () => {
    expect(said((p) => projectionWords(p), [100, 45, 44, 35, 34, 0])).toEqual([
      [100, 'carrying well'],
      [45, 'carrying well'],
      [44, 'gentle'],
      [35, 'gentle'],
      [34, 'very gentle'],
      [0, 'very gentle'],
    ]);
    expect(projectionWords(0, 0.021)).toBe('too loud for the microphone');
    expect(projectionWords(0, 0.02)).toBe('very gentle');
  });

  it('resonance: above 70 rings', () => {
    expect(said(resonanceWords, [71, 70, 0])).toEqual([
      [71, 'ringing'],
      [70, 'mellow'],
      [0, 'mellow'],
    ]);
  });

  it('the score: 80 and 60, the spec’s colour thresholds, with what the number means', () => {
    expect(said(scoreWordsOf, [100, 80, 79, 60, 59, 0])).toEqual([
      [100, 'a strong result'],
      [80, 'a strong result'],
      [79, 'a good result'],
      [60, 'a good result'],
      [59, 'room to grow'],
      [0, 'room to grow'],
    ]);
    expect(scoreMeaning(72)).toBe(
      'out of 100: a good result (60 to 79). The four parts below count equally.',
    );
  });

  it('leads with one sentence: clarity, stability and the score’s band', () => {
    expect(recordingInWords({ overall: 85, clarity: 94, stability: 99 })).toBe(
      'Clear and steady: a strong result.',
    );
    expect(recordingInWords({ overall: 62, clarity: 64, stability: 68 })).toBe(
      'Mostly clear and mostly steady: a good result.',
    );
    expect(recordingInWords({ overall: 32, clarity: 38, stability: 0 })).toBe(
      'Hazy, with some breath or roughness in the sound, with a wandering pitch: room to grow.',
    );
    expect(clarityAndStability({ clarity: 70, stability: 54 })).toBe('clear, with a wandering pitch');
  });

  it('live: within 10 cents of the nearest note is in tune, a little sharp or flat beyond', () => {
    expect(said(tuneWords, [0, 10, -10, 11, -11, 50, -50])).toEqual([
      [0, 'in tune'],
      [10, 'in tune'],
      [-10, 'in tune'],
      [11, 'a little sharp'],
      [-11, 'a little flat'],
      [50, 'a little sharp'],
      [-50, 'a little flat'],
    ]);
  });
});

describe('the words never contradict the advice beside them', () => {
  it('over a grid of recordings: "clear" / "steady" / "gentle" agree with the feedback table', () => {
    const edges = [0, 34, 35, 44, 45, 49, 50, 54, 55, 69, 70, 71, 100];
    for (const clarity of edges)
      for (const stability of edges)
        for (const projection of edges) {
          const a = { overall: Math.round((clarity + stability + projection + 50) / 4), clarity, stability };
          const m = measurementsFromPercentages({ ...a, resonance: 50, projection, breathiness: 0 });
          const f = decideFeedback(m);
          const lead = recordingInWords(a);
          const shown = [f.headline, ...f.tips].join(' ');
          // "clear and steady" in the advice only when the words say both.
          if (f.headline === FEEDBACK.excellent) expect(lead).toMatch(/^Clear and steady/);
          if (f.headline === FEEDBACK.good) expect(lead).not.toMatch(/^Hazy/);
          if (shown.includes(SUGGESTIONS.stability)) expect(lead).toContain('wandering');
          if (lead.includes('wandering')) expect(shown.includes(FEEDBACK.excellent)).toBe(false);
          const gentle = projectionWords(projection);
          if (f.headline === FEEDBACK.soft) expect(gentle).toBe('very gentle');
          if (shown.includes(SUGGESTIONS.tooSoft)) expect(gentle).toMatch(/gentle/);
        }
  });
});

describe('summaries show a typical take, one that was really measured', () => {
  it('is the middle value; for an even count the less good middle one, never a mean', () => {
    expect(typicalOf([])).toBeNull();
    expect(typicalOf([7])).toBe(7);
    expect(typicalOf([398, 2])).toBe(2);
    expect(typicalOf([2, 398, 40])).toBe(40);
    expect(typicalOf([90, 70, 80, 60])).toBe(70);
    const takes = [3, 97, 12, 55];
    expect(takes).toContain(typicalOf(takes));
    // Lower is better (the AVQI): the less good of two middle ones is the higher.
    expect(typicalOf([1.5, 2.5], 'lower')).toBe(2.5);
    expect(typicalOf([1.5, 2.5, 4], 'lower')).toBe(2.5);
  });
});
