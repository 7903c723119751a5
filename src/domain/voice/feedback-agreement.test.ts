// Property: over many combinations of measurements, what one result shows never contradicts
// itself. Checked twice: by the table's own labels (dimension and direction), and by reading the
// shown words with patterns written here, independently of those labels, so a rule mislabelled
// in the table cannot hide a contradiction.
import { describe, expect, it } from 'vitest';
import { FEEDBACK_RULES, NO_VOICE_LEAD, NOT_HEARD, decideFeedback, type Feedback } from './feedback';
import type { PresenceMeasures, VoiceMeasurements } from './measurements';
import { overallScore } from './score';

/** Opposite claims a member would read as "the app cannot make up its mind". */
const OPPOSITES: [string, RegExp, RegExp][] = [
  ['loud vs gentle', /too loud|peaks were cut off|move back/i, /very gentle|more sound out|across the room/i],
  ['steady vs wandering', /\bsteady\b/i, /wandering/i],
  ['clear vs breathy', /\bclear(ly)?\b/i, /breath is escaping/i],
];

function contradictions(f: Feedback): string[] {
  const texts = [f.headline, ...f.tips];
  const found: string[] = [];
  for (const [name, a, b] of OPPOSITES) {
    const saysA = texts.findIndex((t) => a.test(t));
    const saysB = texts.findIndex((t) => b.test(t));
    if (saysA >= 0 && saysB >= 0 && saysA !== saysB) found.push(name);
  }
  const directions = new Map<string, string>();
  for (const rule of f.shown)
    for (const s of rule.about) {
      const before = directions.get(s.dimension);
      if (before && before !== s.direction) found.push(`${s.dimension}: ${before} vs ${s.direction}`);
      directions.set(s.dimension, s.direction);
    }
  return found;
}

/** Everything wrong with one result, in words (empty when it agrees with itself). */
function problems(m: VoiceMeasurements, f: Feedback): string[] {
  const found = contradictions(f);
  if (f.tips.length > 2) found.push('more than 2 tips');
  if (f.exercises.length > 3) found.push('more than 3 exercises');
  if (new Set(f.tips).size !== f.tips.length) found.push('a tip twice');
  // Not a voice: one message, no voice advice at all.
  if (f.heard !== 'voice' && (f.tips.length > 0 || f.exercises.length > 0)) found.push('advice for no voice');
  if (f.heard !== 'voice' && f.headline !== NOT_HEARD.nothing && !f.headline.startsWith(NO_VOICE_LEAD))
    found.push('no-voice message without its lead');
  return found.map((p) => `${p} for ${JSON.stringify(m)}`);
}

const STEPS = [0, 0.1, 0.3, 0.34, 0.35, 0.44, 0.45, 0.5, 0.54, 0.55, 0.6, 0.61, 0.7, 0.71, 0.9, 1];
const CLIPPED = [0, 0.02, 0.021, 0.1, 0.5, 1];

/** mulberry32: a small seeded generator, so a failure prints a case that can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('no two shown statements contradict each other', () => {
  it('over a grid of every threshold edge (clarity, stability, projection, breathiness, resonance, clipping)', () => {
    let cases = 0;
    const seen = new Set<string>();
    const failures: string[] = [];
    for (const clarity of STEPS)
      for (const stability of STEPS)
        for (const projection of STEPS)
          for (const breathiness of [0, 0.6, 0.61, 1])
            for (const resonance of [0.2, 0.71])
              for (const clippedShare of CLIPPED) {
                const overall = overallScore({ clarity, stability, resonance, projection }).overall;
                const m = { overall, clarity, stability, breathiness, resonance, projection, clippedShare };
                const f = decideFeedback(m);
                failures.push(...problems(m, f));
                f.shown.forEach((r) => seen.add(r.id));
                cases++;
              }
    expect(failures.slice(0, 5)).toEqual([]);
    expect(cases).toBeGreaterThan(50_000);
    // The grid reaches every statement and exercise of the table (verdicts have their own test).
    const reachable = FEEDBACK_RULES.filter((r) => r.slot !== 'verdict').map((r) => r.id);
    expect([...seen].sort()).toEqual([...reachable].sort());
  });

  it('over 20,000 random recordings, overall not tied to the parts and presence measures included', () => {
    const next = random(20);
    const failures: string[] = [];
    const heard = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const presence: PresenceMeasures | undefined =
        next() < 0.3
          ? undefined
          : {
              soundFrames: Math.floor(next() * 300),
              voicedFrames: Math.floor(next() * 300),
              centroidRatio: next() < 0.1 ? null : 0.9 + next() * 14,
              wobbleCents: next() < 0.2 ? null : next() * 60,
              vibratoShare: next(),
            };
      const m: VoiceMeasurements = {
        overall: Math.round(next() * 100),
        clarity: next(),
        stability: next(),
        breathiness: next(),
        resonance: next(),
        projection: next(),
        clippedShare: next() < 0.5 ? 0 : next(),
        presence,
      };
      const f = decideFeedback(m);
      heard.add(f.heard);
      failures.push(...problems(m, f));
    }
    expect(failures.slice(0, 5)).toEqual([]);
    expect([...heard].sort()).toEqual(['noise', 'nothing', 'tone', 'voice']);
  });

  it('would catch the old contradiction (the oracle is not blind)', () => {
    expect(
      contradictions({
        heard: 'voice',
        headline: 'Your voice is very gentle right now. When you are ready, let a little more sound out.',
        tips: ['That was too loud for the microphone: some peaks were cut off.'],
        exercises: [],
        shown: [],
      }),
    ).toEqual(['loud vs gentle']);
  });
});
