// Issue 31: the voice range profile against Praat running the same commands on the same takes
// (fixtures/voice/range/praat-truth.json, made by scripts/range/make-range-fixtures.ts with
// Debian's praat; never run here), with the tolerances, and the takes it refuses.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  analyseRange,
  noteName,
  profileOf,
  RangeAnalysisError,
  softestDb,
  toRelativeLevels,
  useRangeModule,
  type RangeResult,
} from './range';
import { FULL_SCALE_SINE_DB, RANGE_MIN_FRAMES } from './range-types';
import { loadVoiceModule } from './node';
import { voiceModule } from './test-helpers';
import { decodeWav } from './wav';
import { RANGE_DIR, RANGE_FIXTURES, RANGE_TRUTH, type RangeTruth } from '../scripts/range/fixtures';
import { dsiFromInputs } from '../src/domain/voice/dsi';
import { REPO_ROOT } from './eval/avqi-truth';

const truth = JSON.parse(readFileSync(RANGE_TRUTH, 'utf8')) as { fixtures: Record<string, RangeTruth> };
const CALIBRATION_DB = 115;

function take(path: string) {
  const wav = decodeWav(readFileSync(path));
  return { samples: [wav.samples], rate: wav.sampleRate };
}

const cents = (a: number, b: number) => 1200 * Math.log2(a / b);

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (e instanceof RangeAnalysisError) return e.code;
    throw e;
  }
  return 'measured';
}

let module: WebAssembly.Module;
const rows: { file: string; ours: RangeResult; praat: RangeTruth }[] = [];

beforeAll(async () => {
  module = await voiceModule();
  for (const f of RANGE_FIXTURES) {
    rows.push({
      file: f.file,
      ours: analyseRange(take(resolve(RANGE_DIR, f.file)), { module }),
      praat: truth.fixtures[f.file]!,
    });
  }
});

describe("the voice range profile agrees with Praat's on every range fixture", () => {
  it('has Praat truth for every fixture: glides, held notes, rising jitter, espeak-ng and sox', () => {
    expect(Object.keys(truth.fixtures).sort()).toEqual(RANGE_FIXTURES.map((f) => f.file).sort());
  });

  it("gives the lowest and highest F0 within 25 cents of Praat's Get quantile 0.02 / 0.98", () => {
    for (const { file, ours, praat } of rows) {
      expect(Math.abs(cents(ours.lowestHz, praat.lowestHz)), file).toBeLessThan(25);
      expect(Math.abs(cents(ours.highestHz, praat.highestHz)), file).toBeLessThan(25);
      // Praat's own algorithm, step by step: in practice far closer than the goal.
      expect(Math.abs(cents(ours.highestHz, praat.highestHz)), file).toBeLessThan(1);
    }
  });

  it("gives every semitone's softest and loudest level within 1 dB of Praat's intensity", () => {
    for (const { file, ours, praat } of rows) {
      const theirs = profileOf(Float64Array.from(praat.f0), Float64Array.from(praat.db));
      const byNote = new Map(theirs.map((p) => [p.semitone, p]));
      const shared = ours.profile.filter((p) => byNote.has(p.semitone));
      // A frame on a semitone's edge may fall on the other side: nearly all semitones are shared.
      expect(shared.length, file).toBeGreaterThanOrEqual(Math.max(ours.profile.length, theirs.length) - 1);
      for (const p of shared) {
        const q = byNote.get(p.semitone)!;
        expect(Math.abs(p.minDb - q.minDb), `${file} ${p.semitone}`).toBeLessThan(1);
        expect(Math.abs(p.maxDb - q.maxDb), `${file} ${p.semitone}`).toBeLessThan(1);
      }
      expect(ours.voicedSeconds, file).toBeCloseTo(praat.voicedFrames * 0.01, 1);
    }
  });

  it("gives jitter (local) within 0.1 percentage points of Praat's Get jitter (local)", () => {
    for (const { file, ours, praat } of rows) {
      expect(praat.jitterPercent, file).not.toBeNull();
      expect(Math.abs((ours.jitterPercent ?? NaN) - (praat.jitterPercent ?? NaN)), file).toBeLessThan(0.1);
    }
  });

  it('sees the rising jitter: the rough glide measures more than the clean one', () => {
    const jitterOf = (file: string) => rows.find((r) => r.file === file)?.ours.jitterPercent ?? 0;
    expect(jitterOf('jitter-m-16k.wav')).toBeGreaterThan(2 * jitterOf('glide-m-16k.wav'));
  });

  it("gives a DSI within 0.2 of the formula on Praat's numbers", () => {
    for (const { file, praat } of rows) {
      const ours = analyseRange(take(resolve(RANGE_DIR, file)), { module, calibrationDb: CALIBRATION_DB });
      const offset = CALIBRATION_DB - FULL_SCALE_SINE_DB;
      const theirs = profileOf(Float64Array.from(praat.f0), Float64Array.from(praat.db), offset);
      const mptSeconds = 12;
      const dsi = dsiFromInputs({
        mptSeconds,
        highestHz: ours.highestHz,
        softestDbSpl: softestDb(ours),
        jitterPercent: ours.jitterPercent ?? NaN,
      });
      const praatDsi = dsiFromInputs({
        mptSeconds,
        highestHz: praat.highestHz,
        softestDbSpl: Math.min(...theirs.map((p) => p.minDb)),
        jitterPercent: praat.jitterPercent ?? NaN,
      });
      expect(Math.abs(dsi - praatDsi), file).toBeLessThan(0.2);
    }
  });

  it('finds the held notes it was given and the soft and loud halves of each', () => {
    const notes = rows.find((r) => r.file === 'notes-m-16k.wav')!.ours;
    // G2 B2 D3 G3 = MIDI 43, 47, 50, 55; each held soft (72 dB) then loud (90 dB) in the voicing.
    for (const midi of [43, 47, 50, 55]) {
      const p = notes.profile.find((q) => q.semitone === midi);
      expect(p, `MIDI ${midi}`).toBeDefined();
      expect(p!.maxDb - p!.minDb, `MIDI ${midi}`).toBeGreaterThan(10);
    }
    expect(notes.lowestNote).toBe('G2');
    expect(notes.highestNote).toBe('G3');
  });
});

describe('the scalar build', () => {
  it("gives the SIMD build's range, levels and jitter (browsers without Wasm SIMD run it)", async () => {
    const scalar = await loadVoiceModule({ simd: false });
    const row = rows.find((r) => r.file === 'espeak-degraded-16k.wav')!;
    const ours = analyseRange(take(resolve(RANGE_DIR, row.file)), { module: scalar });
    expect(ours.lowestHz).toBeCloseTo(row.ours.lowestHz, 6);
    expect(ours.highestHz).toBeCloseTo(row.ours.highestHz, 6);
    expect(ours.jitterPercent).toBeCloseTo(row.ours.jitterPercent ?? NaN, 6);
    expect(ours.profile.map((p) => p.semitone)).toEqual(row.ours.profile.map((p) => p.semitone));
    ours.profile.forEach((p, i) => expect(p.maxDb).toBeCloseTo(row.ours.profile[i]!.maxDb, 6));
  });
});

describe('levels', () => {
  it("are Praat's intensity of the samples by default, dB SPL with a calibration, or relative to the loudest", () => {
    const path = resolve(RANGE_DIR, 'glide-f-16k.wav');
    const file = analyseRange(take(path), { module });
    const spl = analyseRange(take(path), { module, calibrationDb: 110 });
    expect(file.levels).toBe('file');
    expect(spl.levels).toBe('spl');
    expect(spl.profile[0]!.minDb - file.profile[0]!.minDb).toBeCloseTo(110 - 90.97, 2);
    const relative = toRelativeLevels(file);
    expect(relative.levels).toBe('relative');
    expect(Math.max(...relative.profile.map((p) => p.maxDb))).toBe(0);
    expect(relative.profile.every((p) => p.minDb <= p.maxDb && p.maxDb <= 0)).toBe(true);
  });

  it('leave out semitones a glide passes in fewer than RANGE_MIN_FRAMES frames', () => {
    expect(rows.every((r) => r.ours.profile.length > 0)).toBe(true);
    const f0 = Float64Array.from([440, 440, 440, 466.16, 466.16]);
    const profile = profileOf(f0, Float64Array.from([60, 70, 65, 80, 81]));
    expect(RANGE_MIN_FRAMES).toBe(3);
    expect(profile).toEqual([{ semitone: 69, minDb: 60, maxDb: 70 }]);
  });
});

describe('note names', () => {
  it('names the nearest note in scientific pitch notation', () => {
    expect(noteName(440)).toBe('A4');
    expect(noteName(261.63)).toBe('C4');
    expect(noteName(277.18)).toBe('C#4');
    expect(noteName(98)).toBe('G2');
    expect(noteName(55)).toBe('A1');
    expect(noteName(1046.5)).toBe('C6');
    expect(noteName(0)).toBe('');
  });
});

describe('takes that give no range', () => {
  const nonVoice = (file: string) => take(resolve(REPO_ROOT, 'fixtures/voice/non-voice', file));

  it("refuses a pure tone, beeps, a buzzer and mains hum ('not-a-voice') and noise ('no-voice')", () => {
    const rate = 16000;
    const hum = new Float32Array(4 * rate).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 60 * i) / rate));
    expect(codeOf(() => analyseRange(nonVoice('sine-440hz-48k.wav'), { module }))).toBe('not-a-voice');
    expect(codeOf(() => analyseRange(nonVoice('beeps-1khz-22k.wav'), { module }))).toBe('not-a-voice');
    expect(codeOf(() => analyseRange(nonVoice('buzzer-square-300hz-22k.wav'), { module }))).toBe(
      'not-a-voice',
    );
    expect(['not-a-voice', 'no-voice']).toContain(
      codeOf(() => analyseRange({ samples: [hum], rate }, { module })),
    );
    expect(codeOf(() => analyseRange(nonVoice('noise-48k.wav'), { module }))).toBe('no-voice');
  });

  it('refuses silence, a take under a second and rates outside 16-96 kHz, in words a member can act on', () => {
    const silence = { samples: [new Float32Array(16000 * 3)], rate: 16000 };
    expect(codeOf(() => analyseRange(silence, { module }))).toBe('silent');
    const glide = take(resolve(RANGE_DIR, 'glide-m-16k.wav'));
    const short = { samples: [glide.samples[0]!.slice(8000, 8000 + 12000)], rate: 16000 };
    expect(codeOf(() => analyseRange(short, { module }))).toBe('too-short');
    expect(codeOf(() => analyseRange({ samples: glide.samples, rate: 8000 }, { module }))).toBe('bad-rate');
    try {
      analyseRange(silence, { module });
    } catch (e) {
      expect((e as Error).message).toMatch(/sing/);
    }
  });

  it('measures a 96 kHz take (the live tone check keeps its hop within 4096 samples)', () => {
    const glide = take(resolve(RANGE_DIR, 'glide-m-16k.wav')).samples[0]!;
    // Each sample six times: a 96 kHz take of the same glide (staircase images are far above F0).
    const up = new Float32Array(glide.length * 6).map((_, i) => glide[Math.floor(i / 6)] ?? 0);
    const r = analyseRange({ samples: [up], rate: 96000 }, { module });
    const at16k = rows.find((row) => row.file === 'glide-m-16k.wav')!.ours;
    expect(Math.abs(cents(r.highestHz, at16k.highestHz))).toBeLessThan(25);
  });

  it('measures a hoarse voice rather than refusing it', () => {
    const hoarse = take(resolve(REPO_ROOT, 'fixtures/voice/graded/hoarse-m-16k-vowel.wav'));
    expect(codeOf(() => analyseRange(hoarse, { module }))).toBe('measured');
  });

  it('uses the module given once to useRangeModule when the options give none (a Worker)', () => {
    useRangeModule(module);
    const r = analyseRange(take(resolve(RANGE_DIR, 'notes-f-22k.wav')));
    expect(r.engineVersion).toMatch(/range/);
    expect(r.analysisMs).toBeGreaterThan(0);
  });
});
