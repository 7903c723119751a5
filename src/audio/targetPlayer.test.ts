import { describe, expect, it, vi } from 'vitest';
import { parseTarget } from '../domain/pitch-target/notes';
import { playTarget, prepareTarget } from './targetPlayer';

/** Just enough of an AudioContext to see what is played and when. */
function fakeContext() {
  const channel = new Float32Array(48000 * 2);
  const source = {
    buffer: null as unknown,
    onended: null as null | (() => void),
    connect: vi.fn(),
    start: vi.fn(),
    stop: vi.fn(),
  };
  const ctx = {
    sampleRate: 48000,
    currentTime: 10,
    destination: {},
    createBuffer: vi.fn((_ch: number, length: number) => ({ length, getChannelData: () => channel })),
    createBufferSource: () => source,
    resume: vi.fn(async () => {}),
    close: vi.fn(async () => {}),
  };
  return { ctx, source, channel, createContext: () => ctx as unknown as AudioContext };
}

describe('the target player', () => {
  it('renders the whole target into one buffer and plays it at once for "Hear it"', () => {
    const f = fakeContext();
    playTarget(parseTarget('A3:1,E4:0.5'), { createContext: f.createContext });
    expect(f.ctx.createBuffer).toHaveBeenCalledWith(1, 72000, 48000);
    expect(f.channel.some((v) => v !== 0)).toBe(true);
    expect(f.source.start).toHaveBeenCalledWith(10);
  });

  it('prepares a target in the tap and starts it later on the audio clock', () => {
    const f = fakeContext();
    const target = prepareTarget(parseTarget('A3:1'), { createContext: f.createContext });
    expect(f.ctx.resume).toHaveBeenCalled();
    expect(f.source.start).not.toHaveBeenCalled();
    target.start(1.5);
    target.start(3);
    expect(f.source.start).toHaveBeenCalledOnce();
    expect(f.source.start).toHaveBeenCalledWith(11.5);
  });

  it('closes its context when stopped or played to the end, and says so once', async () => {
    const f = fakeContext();
    const target = prepareTarget(parseTarget('A3:1'), { createContext: f.createContext });
    target.stop();
    f.source.onended?.();
    await target.ended;
    expect(f.ctx.close).toHaveBeenCalledOnce();
    expect(f.source.stop).not.toHaveBeenCalled(); // never started
  });
});
