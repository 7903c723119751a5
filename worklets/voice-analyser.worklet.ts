// AudioWorkletProcessor 'voice-analyser'. Receives the compiled Wasm module in
// processorOptions and instantiates it synchronously (no fetch/TextDecoder in this scope).
// process() copies each 128-sample quantum (downmixed to mono) into the Wasm ring and posts
// a frame every hop; it never logs, awaits or allocates (postMessage's structured clone of
// the small reused frame object is the only copy). Outputs stay silent.
import * as Comlink from 'comlink';
import { createVoiceAnalyser } from '../dsp/loader';
import {
  FULL_PITCH_RANGE,
  PROCESSOR_NAME,
  type ErrorMessage,
  type FrameMessage,
  type VoiceAnalyserConfig,
  type VoiceAnalyserControl,
  type VoiceAnalyserProcessorOptions,
  type VoiceAnalyserSettings,
} from '../dsp/worklet-protocol';
import type { PitchRange, VoiceAnalyser, VoiceFrame } from '../dsp/types';

const QUANTUM = 128;

const describe = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export class VoiceAnalyserProcessor extends AudioWorkletProcessor {
  private analyser: VoiceAnalyser | null = null;
  private readonly module: WebAssembly.Module | null;
  private running: boolean;
  /** The range asked for; kept across a re-instantiation for a new hop. */
  private pitchRange: PitchRange | undefined;
  private mono = new Float32Array(QUANTUM);
  private readonly message: FrameMessage;
  private readonly emit = (frame: VoiceFrame): void => {
    this.message.frame = frame;
    this.port.postMessage(this.message);
  };

  constructor(options: AudioWorkletNodeOptions) {
    super(options);
    const opts = (options.processorOptions ?? {}) as Partial<VoiceAnalyserProcessorOptions>;
    this.module = opts.module ?? null;
    this.running = opts.autoStart ?? true;
    this.message = { type: 'voice-frame', frame: null as unknown as VoiceFrame };
    this.pitchRange = validRange(opts.pitchRange) ?? undefined;
    // Default hop: the engine's 10 ms.
    this.instantiate(opts.hop);
    Comlink.expose(this.control(), this.port);
  }

  private instantiate(hop: number | undefined): void {
    try {
      if (!(this.module instanceof WebAssembly.Module))
        throw new Error('processorOptions.module is not a WebAssembly.Module');
      this.analyser = createVoiceAnalyser(this.module, { sampleRate, hop, pitchRange: this.pitchRange });
    } catch (e) {
      this.analyser = null;
      this.fail(`voice-analyser could not start: ${describe(e)}`);
    }
  }

  private fail(message: string): void {
    const error: ErrorMessage = { type: 'voice-error', message };
    this.port.postMessage(error);
  }

  private settings(): VoiceAnalyserSettings {
    // What the engine uses after its clamp (never cutting off a bass or a soprano).
    const pitchRange = this.analyser?.pitchRange ?? this.pitchRange ?? FULL_PITCH_RANGE;
    return { sampleRate, hop: this.analyser?.hop ?? 0, pitchRange };
  }

  private control(): VoiceAnalyserControl {
    return {
      start: () => void (this.running = true),
      stop: () => void (this.running = false),
      reset: () => this.analyser?.reset(),
      configure: (config: VoiceAnalyserConfig) => {
        if (config.hop !== undefined && config.hop !== this.analyser?.hop) this.instantiate(config.hop);
        return this.settings();
      },
      setPitchRange: (range: PitchRange | null) => {
        this.pitchRange = validRange(range) ?? undefined;
        const wanted = this.pitchRange ?? FULL_PITCH_RANGE;
        this.analyser?.setPitchRange(wanted.floorHz, wanted.ceilingHz);
        return this.settings();
      },
    };
  }

  /** Averages the input channels of this quantum into the preallocated mono buffer. */
  private downmix(channels: Float32Array[]): Float32Array {
    const first = channels[0];
    if (!first) return this.mono.subarray(0, 0);
    if (channels.length === 1) return first;
    const n = first.length;
    if (this.mono.length < n) this.mono = new Float32Array(n); // only if a quantum ever grows
    const out = this.mono;
    out.set(first);
    for (let c = 1; c < channels.length; c++) {
      const ch = channels[c];
      if (ch) for (let i = 0; i < n; i++) out[i] = (out[i] ?? 0) + (ch[i] ?? 0);
    }
    const scale = 1 / channels.length;
    for (let i = 0; i < n; i++) out[i] = (out[i] ?? 0) * scale;
    return n === out.length ? out : out.subarray(0, n);
  }

  process(inputs: Float32Array[][]): boolean {
    const analyser = this.analyser;
    const input = inputs[0];
    if (!this.running || !analyser || !input || input.length === 0) return true;
    try {
      analyser.process(this.downmix(input), this.emit);
    } catch (e) {
      this.running = false;
      this.fail(`voice-analyser stopped: ${describe(e)}`);
    }
    return true;
  }
}

/** A range with finite positive numbers, floor below ceiling; anything else means "unknown". */
function validRange(range: PitchRange | null | undefined): PitchRange | null {
  if (!range) return null;
  const { floorHz, ceilingHz } = range;
  const ok = Number.isFinite(floorHz) && Number.isFinite(ceilingHz) && floorHz > 0 && ceilingHz > floorHz;
  return ok ? { floorHz, ceilingHz } : null;
}

registerProcessor(PROCESSOR_NAME, VoiceAnalyserProcessor);
