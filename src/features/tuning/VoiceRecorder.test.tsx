// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoiceFrame } from '../../../dsp/types';
import { emptyFrame } from '../../../dsp/loader';
import { onTrack, type TuningEvent } from './analytics';
import type { EngineCallbacks, ProcessingStage, StartEngine } from './engine-types';
import { TUNING_MIC_TEXT } from './errors';
import { VoiceRecorder } from './VoiceRecorder';

const frame = (t: number): VoiceFrame => ({
  ...emptyFrame(),
  t,
  f0: 220,
  semitone: 57,
  clarity: 0.8,
  stability: 0.7,
  resonance: 0.5,
  volume: 0.5,
  projection: 0.6,
});

function fakeEngine(stagesKeptOn: ProcessingStage[] = []) {
  const stop = vi.fn(async () => {});
  const setPitchRange = vi.fn(async () => {});
  let callbacks: EngineCallbacks | null = null;
  const start: StartEngine = vi.fn(async (cb: EngineCallbacks) => {
    callbacks = cb;
    return { sampleRate: 48000, stagesKeptOn, stop, setPitchRange };
  });
  return {
    start,
    stop,
    setPitchRange,
    feed: (f: VoiceFrame) => callbacks?.onFrame(f),
    fail: (e: unknown) => callbacks?.onError(e),
  };
}

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance', 'Date'],
  });
  vi.stubGlobal('AudioContext', function AudioContext() {});
  vi.stubGlobal('AudioWorkletNode', function AudioWorkletNode() {});
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia: () => undefined },
    configurable: true,
  });
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const mic = () => screen.getByTestId('mic-button');

describe('voice recorder', () => {
  it('records, ticks the m:ss timer each second, and on stop tears down and reports an analysis', async () => {
    const engine = fakeEngine();
    const onAnalysis = vi.fn();
    const events: TuningEvent[] = [];
    const off = onTrack((e) => events.push(e));
    render(
      <VoiceRecorder startEngine={engine.start} micErrorText={TUNING_MIC_TEXT} onAnalysis={onAnalysis} />,
    );

    expect(mic().getAttribute('aria-label')).toBe('Start recording');
    await act(async () => fireEvent.click(mic()));
    expect(mic().getAttribute('aria-label')).toBe('Stop recording');
    for (let i = 0; i < 40; i++) engine.feed(frame(i * 0.02));
    await act(async () => vi.advanceTimersByTime(2100));
    expect(screen.getByTestId('recorder-timer').textContent).toBe('0:02');

    await act(async () => fireEvent.click(mic()));
    expect(engine.stop).toHaveBeenCalledTimes(1);
    expect(onAnalysis).toHaveBeenCalledTimes(1);
    expect(onAnalysis.mock.calls[0]?.[0]).toMatchObject({ clarity: 80, pitchHz: 220, durationSec: 2 });
    expect(mic().getAttribute('aria-label')).toBe('Start recording');
    expect(events.map((e) => e.name)).toEqual(['voice_start', 'voice_end']);
    // The timer is cancelled: time passing no longer moves it.
    await act(async () => vi.advanceTimersByTime(3000));
    expect(screen.getByTestId('recorder-timer').textContent).toBe('0:02');
    off();
  });

  it("starts the engine with the member's pitch range and hands it a new one while recording", async () => {
    const engine = fakeEngine();
    const first = { floorHz: 66.7, ceilingHz: 1100 };
    const view = render(
      <VoiceRecorder
        startEngine={engine.start}
        micErrorText={TUNING_MIC_TEXT}
        onAnalysis={vi.fn()}
        pitchRange={first}
      />,
    );
    await act(async () => fireEvent.click(mic()));
    expect(vi.mocked(engine.start).mock.calls[0]?.[0].pitchRange).toEqual(first);
    expect(engine.setPitchRange).not.toHaveBeenCalled();
    // The account's history arrives mid-recording: the running engine follows it.
    const settled = { floorHz: 80, ceilingHz: 1020 };
    view.rerender(
      <VoiceRecorder
        startEngine={engine.start}
        micErrorText={TUNING_MIC_TEXT}
        onAnalysis={vi.fn()}
        pitchRange={{ ...settled }}
      />,
    );
    expect(engine.setPitchRange).toHaveBeenCalledWith(settled);
    // The same numbers in a new object are no change.
    view.rerender(
      <VoiceRecorder
        startEngine={engine.start}
        micErrorText={TUNING_MIC_TEXT}
        onAnalysis={vi.fn()}
        pitchRange={{ ...settled }}
      />,
    );
    expect(engine.setPitchRange).toHaveBeenCalledTimes(1);
  });

  it('shows the microphone message in a red box and stays ready when access is denied', async () => {
    const start: StartEngine = async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    };
    render(<VoiceRecorder startEngine={start} micErrorText={TUNING_MIC_TEXT} onAnalysis={vi.fn()} />);
    await act(async () => fireEvent.click(mic()));
    expect(screen.getByRole('alert').textContent).toContain(
      'Could not access microphone. Please check permissions.',
    );
    expect(mic().getAttribute('aria-label')).toBe('Start recording');
  });

  it('says the browser is unsupported when it has no AudioWorklet, without asking for the mic', async () => {
    vi.stubGlobal('AudioWorkletNode', undefined);
    const engine = fakeEngine();
    render(<VoiceRecorder startEngine={engine.start} micErrorText={TUNING_MIC_TEXT} onAnalysis={vi.fn()} />);
    await act(async () => fireEvent.click(mic()));
    expect(screen.getByRole('alert').textContent).toContain('Web Audio API not supported in this browser');
    expect(engine.start).not.toHaveBeenCalled();
  });

  it('surfaces a processor error and returns to ready', async () => {
    const engine = fakeEngine();
    render(<VoiceRecorder startEngine={engine.start} micErrorText={TUNING_MIC_TEXT} onAnalysis={vi.fn()} />);
    await act(async () => fireEvent.click(mic()));
    await act(async () => engine.fail(new Error('processor crashed')));
    expect(screen.getByRole('alert').textContent).toMatch(/stopped unexpectedly/);
    expect(engine.stop).toHaveBeenCalled();
    expect(mic().getAttribute('aria-label')).toBe('Start recording');
  });

  it('tells the member which processing stages the browser kept on', async () => {
    const engine = fakeEngine(['noiseSuppression', 'autoGainControl']);
    render(<VoiceRecorder startEngine={engine.start} micErrorText={TUNING_MIC_TEXT} onAnalysis={vi.fn()} />);
    await act(async () => fireEvent.click(mic()));
    expect(screen.getByTestId('stages-kept-on').textContent).toContain(
      'Your browser kept noise suppression and automatic gain control on',
    );
  });

  it('says so instead of scoring when too little voice was heard', async () => {
    const engine = fakeEngine();
    const onAnalysis = vi.fn();
    render(
      <VoiceRecorder startEngine={engine.start} micErrorText={TUNING_MIC_TEXT} onAnalysis={onAnalysis} />,
    );
    await act(async () => fireEvent.click(mic()));
    engine.feed(frame(0));
    await act(async () => fireEvent.click(mic()));
    expect(onAnalysis).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toMatch(/did not hear enough voice/);
  });

  it.each([
    ['a pure tone (its centroid sits on its pitch)', { spectralCentroid: 440, wobble: 0.01 }, 440],
    ['a buzzer (harmonics, but a pitch held dead still)', { spectralCentroid: 2200, wobble: 0.02 }, 300],
  ])('says "We could not hear a voice" for %s and keeps no score', async (_name, measures, f0) => {
    const engine = fakeEngine();
    const onAnalysis = vi.fn();
    render(
      <VoiceRecorder startEngine={engine.start} micErrorText={TUNING_MIC_TEXT} onAnalysis={onAnalysis} />,
    );
    await act(async () => fireEvent.click(mic()));
    for (let i = 0; i < 100; i++) engine.feed({ ...frame(i * 0.01), f0, ...measures });
    await act(async () => fireEvent.click(mic()));
    expect(onAnalysis).not.toHaveBeenCalled();
    expect(screen.getByTestId('not-heard').textContent).toMatch(/^We could not hear a voice, only a steady/);
  });

  it('says "We could not hear a voice" for sound without a pitch (noise)', async () => {
    const engine = fakeEngine();
    const onAnalysis = vi.fn();
    render(
      <VoiceRecorder startEngine={engine.start} micErrorText={TUNING_MIC_TEXT} onAnalysis={onAnalysis} />,
    );
    await act(async () => fireEvent.click(mic()));
    for (let i = 0; i < 100; i++) engine.feed({ ...frame(i * 0.01), f0: null, semitone: null, volume: 0.6 });
    await act(async () => fireEvent.click(mic()));
    expect(onAnalysis).not.toHaveBeenCalled();
    expect(screen.getByTestId('not-heard').textContent).toMatch(
      /^We could not hear a voice, only sound without a pitch/,
    );
  });

  it('scores a voice (drifting pitch, harmonics) as before', async () => {
    const engine = fakeEngine();
    const onAnalysis = vi.fn();
    render(
      <VoiceRecorder startEngine={engine.start} micErrorText={TUNING_MIC_TEXT} onAnalysis={onAnalysis} />,
    );
    await act(async () => fireEvent.click(mic()));
    for (let i = 0; i < 100; i++) engine.feed({ ...frame(i * 0.01), spectralCentroid: 1300, wobble: 25 });
    await act(async () => fireEvent.click(mic()));
    expect(onAnalysis).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('not-heard')).toBeNull();
  });

  it('releases the microphone when the screen is left mid-recording', async () => {
    const engine = fakeEngine();
    const { unmount } = render(
      <VoiceRecorder startEngine={engine.start} micErrorText={TUNING_MIC_TEXT} onAnalysis={vi.fn()} />,
    );
    await act(async () => fireEvent.click(mic()));
    unmount();
    expect(engine.stop).toHaveBeenCalledTimes(1);
  });
});
