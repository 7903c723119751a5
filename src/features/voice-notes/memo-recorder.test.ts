// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MicrophoneCapture } from '../../audio/microphone';
import { levelOf, mediaRecorderType, startMemoRecording } from './memo-recorder';

/** MediaRecorder as Chromium has it: Opus in WebM, a chunk a second, a last one on stop. */
class FakeRecorder extends EventTarget {
  static supported = ['audio/webm;codecs=opus', 'audio/webm'];
  static isTypeSupported = (t: string) => FakeRecorder.supported.includes(t);
  static last: FakeRecorder | null = null;
  state: 'inactive' | 'recording' = 'inactive';
  constructor(
    readonly stream: MediaStream,
    readonly options: MediaRecorderOptions,
  ) {
    super();
    FakeRecorder.last = this;
  }
  get mimeType() {
    return this.options.mimeType ?? '';
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    const data = new Blob([new Uint8Array(10)], { type: this.mimeType });
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }));
    this.dispatchEvent(new Event('stop'));
  }
}

/** Enough of an AudioContext for the level meter: a steady -20 dBFS signal. */
class FakeContext {
  state = 'running';
  createMediaStreamSource = () => ({ connect: () => undefined, disconnect: () => undefined });
  createAnalyser = () => ({
    fftSize: 4,
    getFloatTimeDomainData: (frame: Float32Array) => frame.fill(0.1),
  });
  resume = async () => undefined;
  close = async () => undefined;
}

function fakeMic() {
  const stop = vi.fn();
  const mic = { stream: {} as MediaStream, stop } as unknown as MicrophoneCapture;
  return { mic, stop };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('memo recorder', () => {
  it('reads the level on a -60..0 dBFS scale', () => {
    expect(levelOf(0)).toBe(0);
    expect(levelOf(0.001)).toBe(0);
    expect(levelOf(0.1)).toBeCloseTo(2 / 3);
    expect(levelOf(1)).toBe(1);
    expect(levelOf(4)).toBe(1);
  });

  it('prefers Opus, then what the browser has, and falls back to MP3 without MediaRecorder', () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    expect(mediaRecorderType()).toBe('audio/webm;codecs=opus');
    FakeRecorder.supported = ['audio/mp4'];
    expect(mediaRecorderType()).toBe('audio/mp4');
    vi.unstubAllGlobals();
    vi.stubGlobal('MediaRecorder', undefined);
    expect(mediaRecorderType()).toBeNull();
    FakeRecorder.supported = ['audio/webm;codecs=opus', 'audio/webm'];
  });

  it('records at 64 kbit/s with a level meter, and a stop gives the take and frees the microphone', async () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    vi.stubGlobal('AudioContext', FakeContext);
    vi.useFakeTimers();
    const { mic, stop } = fakeMic();
    const levels: number[] = [];
    const recording = await startMemoRecording({
      open: async () => mic,
      onLevel: (l) => levels.push(l),
      onLimit: () => undefined,
    });
    expect(FakeRecorder.last?.options).toEqual({
      mimeType: 'audio/webm;codecs=opus',
      audioBitsPerSecond: 64_000,
    });
    vi.advanceTimersByTime(3_000);
    expect(levels.length).toBeGreaterThan(10);
    expect(levels.at(-1)).toBeCloseTo(2 / 3);
    const take = await recording.stop();
    expect(take.mimeType).toBe('audio/webm;codecs=opus');
    expect(take.audio.size).toBe(10);
    expect(stop).toHaveBeenCalled();
  });

  it('stops by itself at a minute and hands the take over', async () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    vi.stubGlobal('AudioContext', FakeContext);
    vi.useFakeTimers();
    const { mic, stop } = fakeMic();
    const onLimit = vi.fn();
    await startMemoRecording({ open: async () => mic, onLevel: () => undefined, onLimit });
    vi.advanceTimersByTime(59_000);
    expect(onLimit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onLimit).toHaveBeenCalledTimes(1);
    expect(onLimit.mock.calls[0]?.[0]).toMatchObject({ durationMs: 60_000 });
    expect(FakeRecorder.last?.state).toBe('inactive');
    expect(stop).toHaveBeenCalled();
  });
});
