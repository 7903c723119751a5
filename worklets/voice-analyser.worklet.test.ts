import { MessageChannel, type MessagePort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { beforeAll, describe, expect, it } from 'vitest';
import { voiceModule, sine } from '../dsp/test-helpers';
import {
  isProcessorMessage,
  type ProcessorMessage,
  type VoiceAnalyserControl,
} from '../dsp/worklet-protocol';

// A minimal AudioWorkletGlobalScope: the processor's port is one end of a MessageChannel and
// the test holds the other end, as the AudioWorkletNode would.
interface TestProcessor {
  port: MessagePort;
  peer: MessagePort;
  process(inputs: Float32Array[][], outputs?: Float32Array[][]): boolean;
}
type ProcessorCtor = new (options: AudioWorkletNodeOptions) => TestProcessor;
const registry = new Map<string, ProcessorCtor>();

beforeAll(async () => {
  const g = globalThis as Record<string, unknown>;
  g.sampleRate = 48000;
  g.registerProcessor = (name: string, ctor: ProcessorCtor) => registry.set(name, ctor);
  g.AudioWorkletProcessor = class {
    port: MessagePort;
    peer: MessagePort;
    constructor() {
      const channel = new MessageChannel();
      this.port = channel.port1;
      this.peer = channel.port2;
    }
  };
  await import('./voice-analyser.worklet');
});

async function createProcessor(processorOptions: object) {
  const Ctor = registry.get('voice-analyser');
  if (!Ctor) throw new Error('voice-analyser was not registered');
  const processor = new Ctor({ processorOptions });
  const messages: ProcessorMessage[] = [];
  processor.peer.on('message', (data: unknown) => {
    if (isProcessorMessage(data)) messages.push(data); // Comlink replies are skipped
  });
  const control = Comlink.wrap<VoiceAnalyserControl>(processor.peer as unknown as Comlink.Endpoint);
  return { processor, messages, control };
}

function feed(processor: TestProcessor, channels: Float32Array[]): void {
  const length = channels[0]?.length ?? 0;
  for (let i = 0; i + 128 <= length; i += 128)
    processor.process([channels.map((c) => c.subarray(i, i + 128))], [[]]);
}

// Analysis window at 48 kHz: 3 periods of 50 Hz plus half the longest lag (see dsp/README.md).
const WINDOW_48K = 3392;
// Messages cross a MessageChannel: wait until none has arrived for 30 ms (a loaded machine
// delivers them late), at most 2 s.
async function settle(messages?: unknown[]): Promise<void> {
  let seen = -1;
  for (let waited = 0; waited < 2000; waited += 30) {
    await new Promise((resolve) => setTimeout(resolve, 30));
    const now = messages?.length ?? 0;
    if (messages && now === seen) return;
    if (!messages && waited >= 30) return;
    seen = now;
  }
}

describe('voice-analyser AudioWorkletProcessor', () => {
  it('posts one frame per hop with the pitch of the input', async () => {
    const { processor, messages } = await createProcessor({ module: await voiceModule(), hop: 1024 });
    feed(processor, [sine(220, 48000, 1)]);
    await settle(messages);
    const frames = messages.flatMap((m) => (m.type === 'voice-frame' ? [m.frame] : []));
    expect(frames).toHaveLength(Math.floor((48000 - WINDOW_48K) / 1024) + 1);
    expect(frames.at(-1)?.f0).toBeCloseTo(220, 1);
  });

  it('downmixes a stereo input to mono', async () => {
    const { processor, messages } = await createProcessor({ module: await voiceModule() });
    feed(processor, [sine(330, 48000, 0.5, 0.4), sine(330, 48000, 0.5, 0.2)]);
    await settle(messages);
    const last = messages.at(-1);
    expect(last?.type).toBe('voice-frame');
    if (last?.type === 'voice-frame') {
      expect(last.frame.f0).toBeCloseTo(330, 1);
      expect(last.frame.peak).toBeCloseTo(0.3, 2);
    }
  });

  it('stops, restarts and reconfigures through its Comlink control API', async () => {
    const { processor, messages, control } = await createProcessor({ module: await voiceModule() });
    await control.stop();
    feed(processor, [sine(200, 48000, 0.5)]);
    await settle(messages);
    expect(messages).toHaveLength(0);
    expect(await control.configure({ hop: 512 })).toEqual({
      sampleRate: 48000,
      hop: 512,
      pitchRange: { floorHz: 50, ceilingHz: 1500 },
    });
    await control.start();
    feed(processor, [sine(200, 48000, 0.5)]);
    await settle(messages);
    expect(messages.length).toBe(Math.floor((24000 - WINDOW_48K) / 512) + 1);
  });

  it("analyses with the member's pitch range from processorOptions, and changes it live", async () => {
    const module = await voiceModule();
    const full = await createProcessor({ module, hop: 480 });
    const own = await createProcessor({ module, hop: 480, pitchRange: { floorHz: 110, ceilingHz: 1000 } });
    // The range reached the analyser: the engine reports it, and its shorter window (3 periods
    // of 110 Hz instead of 50 Hz) yields the first frame sooner, so more frames per second.
    expect((await own.control.configure({})).pitchRange).toEqual({ floorHz: 110, ceilingHz: 1000 });
    const tone = sine(220, 48000, 0.5);
    feed(full.processor, [tone]);
    feed(own.processor, [tone]);
    await settle(full.messages);
    await settle(own.messages);
    const frames = (m: ProcessorMessage[]) => m.flatMap((x) => (x.type === 'voice-frame' ? [x.frame] : []));
    expect(frames(own.messages).length).toBeGreaterThan(frames(full.messages).length + 2);
    expect(frames(own.messages).at(-1)?.f0).toBeCloseTo(220, 0);
    // A live change keeps the stream going; the engine clamps what it is given.
    const settings = await own.control.setPitchRange({ floorHz: 300, ceilingHz: 400 });
    expect(settings.pitchRange).toEqual({ floorHz: 120, ceilingHz: 700 });
    expect((await own.control.setPitchRange(null)).pitchRange).toEqual({ floorHz: 50, ceilingHz: 1500 });
    const before = frames(own.messages).length;
    feed(own.processor, [sine(220, 48000, 0.2)]);
    await settle(own.messages);
    expect(frames(own.messages).length - before).toBe(20);
  });

  it('leaves its outputs silent', async () => {
    const { processor } = await createProcessor({ module: await voiceModule() });
    const output = new Float32Array(128);
    processor.process([[sine(200, 48000, 128 / 48000)]], [[output]]);
    expect(output.every((v) => v === 0)).toBe(true);
  });

  it('reports a missing module as an error message instead of throwing', async () => {
    const { processor, messages } = await createProcessor({});
    expect(processor.process([[new Float32Array(128)]], [[]])).toBe(true);
    await settle(messages);
    expect(messages[0]).toMatchObject({
      type: 'voice-error',
      message: expect.stringMatching(/not a WebAssembly.Module/),
    });
  });
});
