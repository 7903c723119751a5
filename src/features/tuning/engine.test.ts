import { afterEach, describe, expect, it, vi } from 'vitest';
import { contextSampleRate, stallWatchdog } from './engine';

describe('audio context sample rate', () => {
  it('follows the microphone’s own rate by default', () => {
    expect(contextSampleRate('', 44100)).toBe(44100);
    expect(contextSampleRate('?x=1', undefined)).toBeUndefined();
  });

  it('can be pinned with ?sampleRate= for end-to-end tests', () => {
    expect(contextSampleRate('?sampleRate=48000', 44100)).toBe(48000);
    // A Bluetooth headset's 8 kHz narrow band: the engine analyses 8-96 kHz.
    expect(contextSampleRate('?sampleRate=8000', 44100)).toBe(8000);
  });

  it('ignores a pinned rate the analyser cannot run at', () => {
    expect(contextSampleRate('?sampleRate=4000', 44100)).toBe(44100);
    expect(contextSampleRate('?sampleRate=192000', 44100)).toBe(44100);
    expect(contextSampleRate('?sampleRate=abc', undefined)).toBeUndefined();
  });
});

describe('stall watchdog', () => {
  afterEach(() => vi.useRealTimers());

  it('reports once when frames stop for longer than the limit, and not while they flow', () => {
    vi.useFakeTimers();
    let now = 0;
    const onStall = vi.fn();
    const dog = stallWatchdog(onStall, 4000, () => now);
    for (let t = 0; t < 10_000; t += 1000) {
      now = t;
      dog.beat();
      vi.advanceTimersByTime(1000);
    }
    expect(onStall).not.toHaveBeenCalled();
    now += 4000;
    vi.advanceTimersByTime(1000);
    expect(onStall).toHaveBeenCalledTimes(1);
    now += 10_000;
    vi.advanceTimersByTime(5000);
    expect(onStall).toHaveBeenCalledTimes(1);
  });

  it('says nothing after stop()', () => {
    vi.useFakeTimers();
    let now = 0;
    const onStall = vi.fn();
    const dog = stallWatchdog(onStall, 4000, () => now);
    dog.stop();
    now = 60_000;
    vi.advanceTimersByTime(60_000);
    expect(onStall).not.toHaveBeenCalled();
  });
});
