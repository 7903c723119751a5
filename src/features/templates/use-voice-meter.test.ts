// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { emptyFrame } from '../../../dsp/loader';
import type { VoiceFrame } from '../../../dsp/types';
import { FEEDBACK, NOT_HEARD } from '../../domain/voice';
import type { EngineCallbacks } from '../tuning/engine-types';

const engine = vi.hoisted(() => ({ callbacks: null as EngineCallbacks | null }));
vi.mock('../tuning/engine', () => ({
  startVoiceEngine: vi.fn(async (cb: EngineCallbacks) => {
    engine.callbacks = cb;
    return { sampleRate: 48000, stagesKeptOn: [], stop: async () => {}, setPitchRange: async () => {} };
  }),
}));
const { useVoiceMeter } = await import('./use-voice-meter');

beforeEach(() => {
  vi.stubGlobal('AudioContext', function AudioContext() {});
  vi.stubGlobal('AudioWorkletNode', function AudioWorkletNode() {});
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia: () => undefined },
    configurable: true,
  });
});

/** A held, clear sung note: drifting pitch (25 cents), harmonics (centroid 6 x f0). */
const sung = (t: number): VoiceFrame => ({
  ...emptyFrame(),
  t,
  f0: 220,
  semitone: 57,
  clarity: 0.9,
  stability: 0.9,
  resonance: 0.5,
  projection: 0.9,
  volume: 0.6,
  spectralCentroid: 1320,
  wobble: 25,
});

async function listen(meter: { current: ReturnType<typeof useVoiceMeter> }, frames: VoiceFrame[]) {
  await act(async () => meter.current.start());
  frames.forEach((f) => engine.callbacks?.onFrame(f));
  act(() => meter.current.stop());
}

it('has nothing to say when the microphone never listened', () => {
  const { result } = renderHook(() => useVoiceMeter());
  expect(result.current.feedback()).toBeNull();
});

it("gives the feedback table's advice on the whole session, across turning the microphone off and on", async () => {
  const { result } = renderHook(() => useVoiceMeter());
  await listen(
    result,
    Array.from({ length: 8 }, (_, i) => sung(i / 100)),
  );
  // 8 voiced frames are too few to judge yet ...
  expect(result.current.feedback()?.headline).toBe(NOT_HEARD.nothing);
  await listen(
    result,
    Array.from({ length: 100 }, (_, i) => sung(1 + i / 100)),
  );
  // ... but the session as a whole is a clear, steady voice.
  expect(result.current.feedback()).toMatchObject({ heard: 'voice', headline: FEEDBACK.excellent });
});

it('says "We could not hear a voice" for a tone heard during the session', async () => {
  const { result } = renderHook(() => useVoiceMeter());
  await listen(
    result,
    Array.from({ length: 100 }, (_, i) => ({
      ...sung(i / 100),
      f0: 440,
      spectralCentroid: 441,
      wobble: 0.01,
    })),
  );
  expect(result.current.feedback()).toMatchObject({ heard: 'tone', headline: NOT_HEARD.tone, tips: [] });
});
