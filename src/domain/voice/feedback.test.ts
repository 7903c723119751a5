import { describe, expect, it } from 'vitest';
import {
  CLIPPED_SHARE,
  FEEDBACK,
  FEEDBACK_RULES,
  NOT_HEARD,
  SUGGESTIONS,
  decideFeedback,
  type FeedbackRule,
} from './feedback';
import { measurementsFromPercentages, type PresenceMeasures, type VoiceMeasurements } from './measurements';
import { overallScore, scoreColour } from './score';

const base: VoiceMeasurements = {
  overall: 65,
  clarity: 0.6,
  stability: 0.6,
  breathiness: 0.2,
  resonance: 0.5,
  projection: 0.6,
  clippedShare: 0,
};
/** A voice as the real recordings measure (fixtures/voice/real: wobble 15-53 cents, ratio 5-15). */
const voice: PresenceMeasures = {
  soundFrames: 200,
  voicedFrames: 150,
  centroidRatio: 6,
  wobbleCents: 30,
  vibratoShare: 0,
};
const headline = (m: Partial<VoiceMeasurements>) => decideFeedback({ ...base, ...m }).headline;
const tips = (m: Partial<VoiceMeasurements>) => decideFeedback({ ...base, ...m }).tips;
const rule = (id: string) => FEEDBACK_RULES.find((r) => r.id === id) as FeedbackRule;

describe('the table', () => {
  it('has unique ids, and every rule but the exercises says what it speaks about', () => {
    const ids = FEEDBACK_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of FEEDBACK_RULES)
      if (r.slot !== 'exercise' && r.id !== 'exploring') expect(r.about.length, r.id).toBeGreaterThan(0);
  });

  it('has a headline for every recording (the fallback always applies)', () => {
    expect(rule('exploring').when(base)).toBe(true);
  });
});

describe('headline', () => {
  it('praises as excellent only a green score with clarity and stability at 0.7 or more', () => {
    expect(headline({ overall: 80, clarity: 0.7, stability: 0.75 })).toBe(FEEDBACK.excellent);
    expect(headline({ overall: 79, clarity: 0.9, stability: 0.9 })).toBe(FEEDBACK.good);
  });

  it('never puts "Beautiful work" next to an amber or red score', () => {
    for (let c = 0; c <= 1; c += 0.1)
      for (let s = 0; s <= 1; s += 0.1)
        for (let r = 0; r <= 1; r += 0.25)
          for (let p = 0; p <= 1; p += 0.25) {
            const overall = overallScore({ clarity: c, stability: s, resonance: r, projection: p }).overall;
            const text = headline({ overall, clarity: c, stability: s, resonance: r, projection: p });
            if (text === FEEDBACK.excellent) expect(scoreColour(overall)).toBe('green');
          }
  });

  it('calls a yellow score with clarity and stability at 0.5 or more good', () => {
    expect(headline({ overall: 60, clarity: 0.5, stability: 0.5 })).toBe(FEEDBACK.good);
  });

  it('notices a soft voice (projection under 0.35) and then does not say it twice', () => {
    const f = decideFeedback({ ...base, overall: 40, clarity: 0.4, projection: 0.34 });
    expect(f.headline).toBe(FEEDBACK.soft);
    expect(f.tips).not.toContain(SUGGESTIONS.tooSoft);
  });

  it('encourages otherwise', () => {
    expect(headline({ overall: 40, clarity: 0.3 })).toBe(FEEDBACK.exploring);
  });
});

describe('suggestions', () => {
  it('report clipping above 2 % of voiced frames: too loud for the microphone', () => {
    expect(tips({ clippedShare: CLIPPED_SHARE + 0.001 })).toEqual([SUGGESTIONS.clipped]);
    expect(tips({ clippedShare: CLIPPED_SHARE })).toEqual([]);
    expect(SUGGESTIONS.clipped).toMatch(/too loud for the microphone/);
  });

  it('believe the peaks over the average: clipping silences "too gentle" (issue 20)', () => {
    // Every voiced frame clipped, so projection (unclipped frames only) reads 0.
    const f = decideFeedback({ ...base, overall: 50, clarity: 0.44, projection: 0, clippedShare: 0.99 });
    expect(f.tips[0]).toBe(SUGGESTIONS.clipped);
    expect(f.headline).toBe(FEEDBACK.exploring);
    expect(f.tips).not.toContain(SUGGESTIONS.tooSoft);
  });

  it('suggest breath work above breathiness 0.6 and steadiness under stability 0.55', () => {
    // A breathy voice has a low HNR, so its clarity is low too (clarity 0.5 means HNR 10 dB,
    // which caps breathiness at 0.58): "coming through clearly" never meets "breath escaping".
    const breathy = { overall: 45, clarity: 0.3 };
    expect(tips({ ...breathy, breathiness: 0.61, stability: 0.54 })).toEqual([
      SUGGESTIONS.breath,
      SUGGESTIONS.stability,
    ]);
    expect(tips({ ...breathy, breathiness: 0.6, stability: 0.55 })).toEqual([]);
    expect(tips({ breathiness: 0.61 })).toEqual([]);
  });

  it('suggest more voice under projection 0.45', () => {
    expect(tips({ projection: 0.44 })).toEqual([SUGGESTIONS.tooSoft]);
    expect(tips({ projection: 0.45 })).toEqual([]);
  });

  it('celebrate resonance above 0.7', () => {
    expect(tips({ resonance: 0.71 })).toEqual([SUGGESTIONS.resonance]);
    expect(tips({ resonance: 0.7 })).toEqual([]);
  });

  it('never give more than 2, most important first', () => {
    const all = { stability: 0.1, breathiness: 0.9, resonance: 0.9, projection: 0.1, clippedShare: 0.5 };
    expect(tips(all)).toEqual([SUGGESTIONS.clipped, SUGGESTIONS.breath]);
  });
});

describe('coaching tips (spec section 9 recommendations)', () => {
  const titles = (c: number, s: number) =>
    decideFeedback({ ...base, clarity: c / 100, stability: s / 100 }).exercises.map((r) => r.title);

  it('add Articulation Enhancement under 70 clarity and Breath Foundation Training under 70 stability', () => {
    expect(titles(69, 69)).toEqual([
      'Articulation Enhancement',
      'Breath Foundation Training',
      'Gentle Voice Recovery',
    ]);
    expect(titles(69, 70)).toEqual(['Articulation Enhancement', 'Gentle Voice Recovery']);
    expect(titles(70, 10)).toEqual(['Breath Foundation Training', 'Gentle Voice Recovery']);
  });

  it('offer confidence and range work when both are 70 or more', () => {
    expect(titles(70, 95)).toEqual([
      'Voice Confidence Builder',
      'Expressive Range Expansion',
      'Gentle Voice Recovery',
    ]);
  });

  it('carry the spec durations and difficulties, capped at 3 with recovery last', () => {
    const list = decideFeedback({ ...base, clarity: 0.1, stability: 0.1 }).exercises;
    expect(list.map((r) => [r.duration, r.difficulty])).toEqual([
      [8, 'beginner'],
      [12, 'beginner'],
      [6, 'beginner'],
    ]);
    const upbeat = decideFeedback({ ...base, clarity: 0.9, stability: 0.9 }).exercises;
    expect(upbeat.map((r) => [r.duration, r.difficulty])).toEqual([
      [10, 'advanced'],
      [15, 'intermediate'],
      [6, 'beginner'],
    ]);
  });

  it('read a stored analysis (percentages) the same way', () => {
    const stored = {
      overall: 62,
      clarity: 69,
      stability: 70,
      breathiness: 20,
      resonance: 50,
      projection: 60,
    };
    expect(decideFeedback(measurementsFromPercentages(stored)).exercises.map((e) => e.title)).toEqual([
      'Articulation Enhancement',
      'Gentle Voice Recovery',
    ]);
  });
});

describe('is it a voice?', () => {
  const heard = (presence: Partial<PresenceMeasures>, m: Partial<VoiceMeasurements> = {}) =>
    decideFeedback({ ...base, ...m, presence: { ...voice, ...presence } });

  it('gives voice advice for a voice', () => {
    const f = heard({});
    expect(f.heard).toBe('voice');
    expect(f.headline).toBe(FEEDBACK.good);
  });

  it('says "we could not hear a voice" for a pure tone, and nothing else', () => {
    const f = heard({ centroidRatio: 1.01, wobbleCents: null }, { resonance: 0.9, clippedShare: 0.5 });
    expect(f).toMatchObject({ heard: 'tone', headline: NOT_HEARD.tone, tips: [], exercises: [] });
    expect(f.headline).toMatch(/^We could not hear a voice/);
    expect(heard({ centroidRatio: 1.2 }).heard).toBe('voice');
  });

  it('calls a pitch held dead still (under 3 cents, no vibrato) a machine tone, whatever its timbre', () => {
    expect(heard({ centroidRatio: 7.5, wobbleCents: 0.03 }).heard).toBe('tone');
    expect(heard({ centroidRatio: 7.5, wobbleCents: 3 }).heard).toBe('voice');
    // A sung note with vibrato is a voice even when its drift around the vibrato is tiny.
    expect(heard({ centroidRatio: 3.6, wobbleCents: 0.1, vibratoShare: 0.9 }).heard).toBe('voice');
    expect(heard({ centroidRatio: 3.6, wobbleCents: 0.1, vibratoShare: 0.24 }).heard).toBe('tone');
  });

  it('does not judge the drift of notes too short to measure', () => {
    expect(heard({ wobbleCents: null }).heard).toBe('voice');
  });

  it('calls sound without a pitch noise, and near-silence too little to analyse', () => {
    expect(
      heard({ voicedFrames: 0, soundFrames: 290, centroidRatio: null, wobbleCents: null }),
    ).toMatchObject({
      heard: 'noise',
      headline: NOT_HEARD.noise,
      tips: [],
    });
    expect(heard({ voicedFrames: 11, soundFrames: 11 }).headline).toBe(NOT_HEARD.nothing);
    expect(heard({ voicedFrames: 12, soundFrames: 12 }).heard).toBe('voice');
  });

  it('trusts a stored analysis (judged when it was recorded) without presence measures', () => {
    expect(decideFeedback(base).heard).toBe('voice');
  });
});
