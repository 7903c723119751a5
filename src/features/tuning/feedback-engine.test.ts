// The feedback table on real sound: WAV files through the real Wasm analyser (the module the
// AudioWorklet runs), into the recorder's own accumulator, into the table. A pure tone, beeps,
// a square-wave buzzer and noise must get "we could not hear a voice"; real voices get advice.
import { describe, expect, it } from 'vitest';
import { analyseFixture } from '../../../dsp/test-helpers';
import { FEEDBACK, NOT_HEARD, SUGGESTIONS, decideFeedback, type VoiceMeasurements } from '../../domain/voice';
import { createSummaryAccumulator } from './recording-summary';

async function measure(fixture: string): Promise<VoiceMeasurements> {
  const { frames } = await analyseFixture(fixture);
  const acc = createSummaryAccumulator();
  for (const f of frames) acc.add(f);
  return acc.measurements();
}

async function feedbackFor(fixture: string) {
  const m = await measure(fixture);
  console.info(fixture, JSON.stringify(m.presence));
  return decideFeedback(m);
}

describe('feedback on real sound through the Wasm engine', () => {
  it.each([
    ['non-voice/sine-440hz-48k.wav', 'tone'],
    ['non-voice/beeps-1khz-22k.wav', 'tone'],
    ['non-voice/buzzer-square-300hz-22k.wav', 'tone'],
    ['non-voice/noise-48k.wav', 'noise'],
    ['synth-pure-44k.wav', 'tone'],
  ])('%s: "we could not hear a voice" (%s), no voice advice', async (fixture, heard) => {
    const f = await feedbackFor(fixture);
    expect(f.heard).toBe(heard);
    expect(f.headline).toBe(heard === 'tone' ? NOT_HEARD.tone : NOT_HEARD.noise);
    expect(f.headline).toMatch(/^We could not hear a voice/);
    expect(f.tips).toEqual([]);
    expect(f.exercises).toEqual([]);
  });

  it.each([
    'real/vocadito_10.wav',
    'real/vocadito_14.wav',
    'real/sustained_a_199hz.wav',
    'real/sustained_a_110hz.wav',
    'real/north_wind_and_the_sun.wav',
    'espeak/speech_female_22k.wav',
    'espeak/speech_male_22k.wav',
    'e2e-sung-a3-220hz.wav',
    'synth-vibrato-48k.wav',
    'e2e-clipped-speech-48k.wav',
  ])('%s: a voice, with advice and coaching exercises', async (fixture) => {
    const f = await feedbackFor(fixture);
    expect(f.heard).toBe('voice');
    expect(f.headline).not.toMatch(/could not hear|did not hear/);
    expect(f.exercises.length).toBeGreaterThan(0);
  });

  it('speech recorded 30 dB too hot: too loud for the microphone, never "very gentle" (issue 20)', async () => {
    const m = await measure('e2e-clipped-speech-48k.wav');
    // The measures that used to contradict: every voiced frame clipped, so the projection of
    // the unclipped frames is empty (0), which alone read as "very gentle".
    expect(m.clippedShare).toBeGreaterThan(0.9);
    expect(m.projection).toBeLessThan(0.35);
    const f = decideFeedback(m);
    expect(f.tips[0]).toBe(SUGGESTIONS.clipped);
    expect([f.headline, ...f.tips]).not.toContain(FEEDBACK.soft);
    expect(f.tips).not.toContain(SUGGESTIONS.tooSoft);
  });
});
