import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AVQI_BOUNDARY, avqiFromMeasures } from '../../src/domain/voice/avqi';
import { decodeWav } from '../wav';
import { agreement, missedGoals } from './avqi-agreement';
import { readAvqiTruth, REPO_ROOT } from './avqi-truth';

const truth = readAvqiTruth();

describe('the AVQI agreement fixtures', () => {
  it('list every WAV in fixtures/voice/avqi, and each pair decodes with a vowel of at least 2 s', () => {
    const listed = new Set(truth.pairs.flatMap((p) => [p.vowel, p.speech]));
    for (const file of readdirSync(resolve(REPO_ROOT, 'fixtures/voice/avqi'))) {
      if (file.endsWith('.wav')) expect(listed).toContain(`fixtures/voice/avqi/${file}`);
    }
    for (const pair of truth.pairs) {
      const vowel = decodeWav(readFileSync(resolve(REPO_ROOT, pair.vowel)));
      expect(vowel.samples.length / vowel.sampleRate, pair.name).toBeGreaterThanOrEqual(2);
      const speech = decodeWav(readFileSync(resolve(REPO_ROOT, pair.speech)));
      expect(speech.samples.length, pair.name).toBeGreaterThan(0);
    }
  });

  it('span both sides of the 2.43 boundary with several pairs on each', () => {
    const above = truth.pairs.filter((p) => p.praat.avqi > AVQI_BOUNDARY).length;
    expect(above).toBeGreaterThanOrEqual(5);
    expect(truth.pairs.length - above).toBeGreaterThanOrEqual(5);
  });

  it("give back Praat's AVQI from Praat's six measures through our formula", () => {
    for (const pair of truth.pairs) {
      // Praat printed each measure to 4-5 decimals: the recomputed index agrees to 0.01.
      expect(avqiFromMeasures(pair.praat), pair.name).toBeCloseTo(pair.praat.avqi, 2);
    }
  });
});

describe('the agreement table', () => {
  const praat = truth.pairs.map((p) => p.praat);

  it("meets every goal when our numbers are Praat's", () => {
    const a = agreement(praat.map((p) => ({ ours: p, praat: p })));
    expect(a.correlation).toBeCloseTo(1, 10);
    expect(a.sameSide).toBe(1);
    expect(missedGoals(a)).toEqual([]);
  });

  it('names each goal a biased engine misses', () => {
    const a = agreement(
      praat.map((p) => ({ ours: { ...p, cpps: p.cpps + 1, avqi: p.avqi + 0.5 }, praat: p })),
    );
    expect(a.meanAbsDifference.cpps).toBeCloseTo(1, 10);
    expect(missedGoals(a)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^cpps/), expect.stringMatching(/^avqi/)]),
    );
  });
});
