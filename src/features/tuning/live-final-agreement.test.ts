// Issue 30: a pure tone showed "score so far 65 … in tune" live, then "we could not hear a
// voice" at the end. One rule (the feedback table's verdicts, src/domain/voice/feedback.ts)
// decides "is this a voice?" for the live readout and the final word alike: at every moment of
// a recording, the readout shows a score exactly when stopping there would give one, and says
// what it hears otherwise. WAVs through the real Wasm analyser into the recorder's accumulator.
import { describe, expect, it } from 'vitest';
import { analyseFixture } from '../../../dsp/test-helpers';
import { decideFeedback } from '../../domain/voice';
import { toLiveValues } from './live-buffer';
import { createSummaryAccumulator } from './recording-summary';

async function walk(fixture: string) {
  const { frames } = await analyseFixture(fixture);
  const acc = createSummaryAccumulator();
  const moments: { live: ReturnType<typeof toLiveValues>; final: string }[] = [];
  frames.forEach((f, i) => {
    acc.add(f);
    if (i % 10 === 0 || i === frames.length - 1)
      moments.push({ live: toLiveValues(f, acc.live()), final: decideFeedback(acc.measurements()).heard });
  });
  return moments;
}

describe('the live readout and the final word agree on "is this a voice?"', () => {
  it.each([
    ['non-voice/sine-440hz-48k.wav', 'tone'],
    ['non-voice/buzzer-square-300hz-22k.wav', 'tone'],
    ['non-voice/noise-48k.wav', 'noise'],
    ['synth-pure-44k.wav', 'tone'],
    ['e2e-sung-a3-220hz.wav', 'voice'],
    ['real/sustained_a_199hz.wav', 'voice'],
  ])('%s, at every moment and at the end (%s)', async (fixture, end) => {
    const moments = await walk(fixture);
    for (const [i, { live, final }] of moments.entries()) {
      expect(live.heard, `moment ${i}`).toBe(final);
      expect(live.overall !== null, `moment ${i}: a score shown live`).toBe(final === 'voice');
    }
    const last = moments.at(-1)!;
    expect(last.final).toBe(end);
    expect(last.live.heard).toBe(end);
    if (end !== 'voice') {
      expect(last.live.overall).toBeNull();
      expect(last.live.clarity).toBeNull();
    }
  });
});
