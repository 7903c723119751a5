import { describe, expect, it } from 'vitest';
import { techniqueFeedback, RULES, type TakeForFeedback } from './technique-rules';

/** A synthetic take: notes as [name, cents off, held share, arrival ms]. */
function take(minutesAgo: number, notes: [string, number, number, number | null][]): TakeForFeedback {
  const at = new Date(Date.UTC(2026, 11, 7, 12) - minutesAgo * 60_000).toISOString();
  return {
    recordedAt: at,
    target: notes.map(([n]) => `${n}:1`).join(','),
    notes: notes.map(([n, centsOff, heldFraction, onsetMs]) => ({
      target: `${n}:1`,
      centsOff,
      heldFraction,
      onsetMs,
    })),
  };
}

/** A clean five-note scale: in tune, held, quick to arrive. */
const clean = (i: number, over: Partial<Record<'cents' | 'held' | 'onset', number>> = {}) =>
  take(i, [
    ['C4', over.cents ?? 3, over.held ?? 0.9, over.onset ?? 120],
    ['D4', over.cents ?? -2, over.held ?? 0.9, over.onset ?? 120],
    ['E4', over.cents ?? 4, over.held ?? 0.9, over.onset ?? 120],
    ['F4', over.cents ?? 0, over.held ?? 0.9, over.onset ?? 120],
    ['G4', over.cents ?? 1, over.held ?? 0.9, over.onset ?? 120],
  ]);

const rulesOf = (takes: TakeForFeedback[]) => {
  const f = techniqueFeedback(takes);
  return f.kind === 'feedback' ? f.findings.map((x) => x.rule) : f.kind;
};

describe('technique feedback rules', () => {
  it('asks for more takes below three takes or ten sung notes, saying how many there are', () => {
    expect(techniqueFeedback([])).toEqual({
      kind: 'too-few',
      takes: 0,
      sungNotes: 0,
      takesNeeded: 3,
      notesNeeded: 10,
    });
    expect(techniqueFeedback([clean(1), clean(2)])).toMatchObject({
      kind: 'too-few',
      takes: 2,
      sungNotes: 10,
    });
    const short = [1, 2, 3].map((i) => take(i, [['A3', 0, 1, 100]]));
    expect(techniqueFeedback(short)).toMatchObject({ kind: 'too-few', takes: 3, sungNotes: 3 });
  });

  it('ignores takes with no note sung', () => {
    const silent = take(0, [['A3', null as unknown as number, 0, null]]);
    silent.notes = [{ target: 'A3:1', centsOff: null, heldFraction: 0, onsetMs: null }];
    expect(techniqueFeedback([silent, clean(1), clean(2)])).toMatchObject({ kind: 'too-few', takes: 2 });
  });

  it('finds nothing to fix in clean, steady, in-tune takes', () => {
    expect(rulesOf([clean(1), clean(2), clean(3)])).toEqual([]);
  });

  it('says flat at a median of 15 cents under, and sharp at 15 over, never at 14', () => {
    expect(rulesOf([1, 2, 3].map((i) => clean(i, { cents: -15 })))).toEqual(['flat']);
    expect(rulesOf([1, 2, 3].map((i) => clean(i, { cents: 15 })))).toEqual(['sharp']);
    expect(rulesOf([1, 2, 3].map((i) => clean(i, { cents: -14 })))).toEqual([]);
    const f = techniqueFeedback([1, 2, 3].map((i) => clean(i, { cents: -22 })));
    expect(f.kind === 'feedback' && f.findings[0]).toMatchObject({
      statement: 'You tend to sing a little under the note (flat).',
      numbers: 'Middle of your notes: 22 cents flat, over 15 notes.',
      exerciseId: 'vx-hum-five-note',
    });
  });

  it('says notes wander when a typical note is held in tune less than 60% of its time', () => {
    expect(rulesOf([1, 2, 3].map((i) => clean(i, { held: 0.55 })))).toEqual(['unsteady']);
    expect(rulesOf([1, 2, 3].map((i) => clean(i, { held: 0.6 })))).toEqual([]);
    const f = techniqueFeedback([1, 2, 3].map((i) => clean(i, { held: 0.5 })));
    expect(f.kind === 'feedback' && f.findings[0]?.exerciseId).toBe('vx-sustained-vowel');
  });

  it('says the member takes a moment to settle when the typical arrival is 250 ms or more, in seconds', () => {
    const f = techniqueFeedback([1, 2, 3].map((i) => clean(i, { onset: 310 })));
    expect(f.kind === 'feedback' && f.findings[0]).toMatchObject({
      rule: 'slow-arrival',
      statement: 'You take a moment to settle on each note: about 0.3 s after it starts.',
      exerciseId: 'vx-quick-onsets',
    });
    expect(rulesOf([1, 2, 3].map((i) => clean(i, { onset: 240 })))).toEqual([]);
  });

  it('says the last note of a phrase sags when it sits 15 cents under the rest in most takes', () => {
    const sag = (i: number) =>
      take(i, [
        ['C4', 2, 0.9, 100],
        ['E4', 0, 0.9, 100],
        ['G4', 3, 0.9, 100],
        ['E4', -20, 0.9, 100],
      ]);
    expect(rulesOf([sag(1), sag(2), sag(3)])).toEqual(['phrase-end-flat']);
    const f = techniqueFeedback([sag(1), sag(2), sag(3)]);
    expect(f.kind === 'feedback' && f.findings[0]?.exerciseId).toBe('vx-messa-di-voce');
  });

  it('says high notes are less steady when the top third holds 15 points less than the bottom third', () => {
    const climb = (i: number) =>
      take(i, [
        ['C3', 0, 0.95, 100],
        ['E3', 0, 0.95, 100],
        ['G3', 0, 0.85, 100],
        ['C4', 0, 0.8, 100],
        ['E4', 0, 0.7, 100],
        ['G4', 0, 0.65, 100],
      ]);
    const f = techniqueFeedback([climb(1), climb(2), climb(3)]);
    expect(f.kind === 'feedback' && f.findings.map((x) => [x.rule, x.exerciseId])).toContainEqual([
      'high-less-steady',
      'vx-lip-trill-siren',
    ]);
    const fall = (i: number) =>
      take(i, [
        ['C3', 0, 0.6, 100],
        ['E3', 0, 0.65, 100],
        ['G3', 0, 0.9, 100],
        ['C4', 0, 0.9, 100],
        ['E4', 0, 0.95, 100],
        ['G4', 0, 0.95, 100],
      ]);
    expect(rulesOf([fall(1), fall(2), fall(3)])).toContain('low-less-steady');
  });

  it('says leaps land late when arrival after a leap is 150 ms slower than after a step', () => {
    const leapy = (i: number) =>
      take(i, [
        ['C4', 0, 0.9, 100],
        ['D4', 0, 0.9, 120],
        ['A4', 0, 0.9, 330],
        ['B4', 0, 0.9, 120],
        ['E4', 0, 0.9, 300],
      ]);
    const f = techniqueFeedback([leapy(1), leapy(2), leapy(3)]);
    expect(f.kind === 'feedback' && f.findings.find((x) => x.rule === 'leaps-land-late')).toMatchObject({
      exerciseId: 'vx-arpeggio',
      // Leaps arrived at 330 and 300 ms: the typical one is 330 (the slower of the two middle
      // ones), a time a note took, never their 315 that none did (issue 31).
      numbers: 'Typical arrival after leaps: 330 ms; after steps: 120 ms.',
    });
  });

  it(`reads only the ${RULES.recentTakes} newest takes: an old habit gone no longer shows`, () => {
    const old = Array.from({ length: 10 }, (_, i) => clean(1000 + i, { cents: -40 }));
    const recent = Array.from({ length: RULES.recentTakes }, (_, i) => clean(i));
    expect(rulesOf([...old, ...recent])).toEqual([]);
    expect(rulesOf([...old, ...recent.slice(0, 3)])).toEqual(['flat']);
  });

  it('applies the tuning room’s wandering and breath rules to the median of 3+ recent free recordings', () => {
    const rec = (i: number, stability: number, breathiness: number, voicedFrames = 300) => ({
      at: new Date(Date.UTC(2026, 11, 7, 12, i)).toISOString(),
      stability,
      breathiness,
      voicedFrames,
    });
    const takes = [clean(1), clean(2), clean(3)];
    const with_ = (recs: ReturnType<typeof rec>[]) => {
      const f = techniqueFeedback(takes, recs);
      return f.kind === 'feedback' ? f.findings.map((x) => x.rule) : f.kind;
    };
    expect(with_([rec(1, 40, 70), rec(2, 45, 65), rec(3, 50, 62)])).toEqual([
      'recordings-wander',
      'recordings-breathy',
    ]);
    expect(with_([rec(1, 55, 60), rec(2, 55, 60), rec(3, 55, 60)])).toEqual([]);
    // Two recordings, or recordings where no voice was heard, are not enough to speak.
    expect(with_([rec(1, 40, 70), rec(2, 40, 70)])).toEqual([]);
    expect(with_([rec(1, 40, 70), rec(2, 40, 70), rec(3, 10, 90, 5)])).toEqual([]);
    const f = techniqueFeedback(takes, [rec(1, 40, 20), rec(2, 45, 20), rec(3, 50, 20)]);
    expect(f.kind === 'feedback' && f.findings[0]).toMatchObject({
      exerciseId: 'vx-sustained-vowel',
      numbers:
        'Typical steadiness 45% over your last 3 free recordings in the tuning room (the tuning room flags below 55%).',
    });
  });
});

describe('technique numbers describe real notes (issue 31)', () => {
  it('the middle of an even number of notes is one of them, the further off, never their mean', () => {
    // Half the notes 2 cents sharp, half 398: "200 cents sharp" would match none of them.
    const pair = (i: number) =>
      take(i, [
        ['A3', 2, 0.9, 100],
        ['B3', 398, 0.9, 100],
        ['C4', 2, 0.9, 100],
        ['D4', 398, 0.9, 100],
      ]);
    const f = techniqueFeedback([pair(1), pair(2), pair(3)]);
    expect(f.kind === 'feedback' && f.findings.find((x) => x.rule === 'sharp')).toMatchObject({
      numbers: 'Middle of your notes: 398 cents sharp, over 12 notes.',
    });
  });
});
