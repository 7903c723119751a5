import { openMicrophone, type MicrophoneCapture } from '../../audio/microphone';
import { VOICE_NOTE_MAX_MS } from '../../domain/voice-notes';

/**
 * Records a voice memo on the device. The microphone is opened as the tuning room opens it:
 * echo cancellation, noise suppression and automatic gain off. A memo is often sung or about how
 * the voice sounds today, and the call-style processing pumps the level of a held note and
 * smears its tone (src/audio/microphone.ts); nothing plays while recording, so there is no echo
 * to cancel. Encoding happens here: MediaRecorder where the browser has it (Opus in WebM or
 * Ogg, AAC in MP4, at 64 kbit/s), otherwise the samples are encoded to MP3 with the LAME
 * encoder the app already ships (wasm-media-encoders, loaded only then).
 */

export interface RecordedMemo {
  audio: Blob;
  mimeType: string;
  durationMs: number;
}

export interface MemoRecording {
  /** Stops and returns the take. */
  stop(): Promise<RecordedMemo>;
  /** Stops and throws the take away. */
  cancel(): void;
}

export interface MemoOptions {
  /** 0..1, about 20 times a second. */
  onLevel(level: number): void;
  /** Called once when the take reached VOICE_NOTE_MAX_MS and stopped by itself. */
  onLimit(memo: RecordedMemo): void;
  /** Test seam: the microphone. */
  open?: () => Promise<MicrophoneCapture>;
}

const BITRATE = 64_000;
/** In order of preference: Opus first (smallest for a voice), then what Safari records. */
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm'];

export function mediaRecorderType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? null;
}

/** RMS of one frame to a meter reading: -60 dBFS and below is 0, full scale is 1. */
export function levelOf(rms: number): number {
  if (!(rms > 0)) return 0;
  return Math.min(1, Math.max(0, (20 * Math.log10(rms) + 60) / 60));
}

export async function startMemoRecording(opts: MemoOptions): Promise<MemoRecording> {
  const mic = await (opts.open ?? openMicrophone)();
  const type = mediaRecorderType();
  try {
    return type ? await withMediaRecorder(mic, type, opts) : await withMp3Encoder(mic, opts);
  } catch (err) {
    mic.stop();
    throw err;
  }
}

/** A level meter from an AnalyserNode, read on a timer (the recorder itself never sees samples). */
function meter(stream: MediaStream, onLevel: (level: number) => void): () => void {
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  source.connect(analyser);
  const frame = new Float32Array(analyser.fftSize);
  const timer = window.setInterval(() => {
    analyser.getFloatTimeDomainData(frame);
    let sum = 0;
    for (const x of frame) sum += x * x;
    onLevel(levelOf(Math.sqrt(sum / frame.length)));
  }, 50);
  if (context.state !== 'running') void context.resume().catch(() => undefined);
  return () => {
    window.clearInterval(timer);
    source.disconnect();
    void context.close().catch(() => undefined);
  };
}

async function withMediaRecorder(mic: MicrophoneCapture, type: string, opts: MemoOptions) {
  const recorder = new MediaRecorder(mic.stream, { mimeType: type, audioBitsPerSecond: BITRATE });
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  });
  const stopMeter = meter(mic.stream, opts.onLevel);
  const started = performance.now();
  recorder.start(1000);
  let finishing: Promise<RecordedMemo> | null = null;
  const finish = () =>
    (finishing ??= new Promise<RecordedMemo>((resolve, reject) => {
      const durationMs = Math.min(VOICE_NOTE_MAX_MS, Math.round(performance.now() - started));
      recorder.addEventListener('stop', () => {
        const mimeType = recorder.mimeType || type;
        resolve({ audio: new Blob(chunks, { type: mimeType }), mimeType, durationMs });
      });
      recorder.addEventListener('error', () => reject(new Error('The recording failed.')));
      clearTimeout(limit);
      stopMeter();
      if (recorder.state !== 'inactive') recorder.stop();
      mic.stop();
    }));
  const limit = setTimeout(() => void finish().then(opts.onLimit), VOICE_NOTE_MAX_MS);
  return {
    stop: finish,
    cancel: () => void finish().catch(() => undefined),
  };
}

async function withMp3Encoder(mic: MicrophoneCapture, opts: MemoOptions) {
  const [{ startSampleRecorder }, { recorderWorkletUrl }] = await Promise.all([
    import('../../audio/sampleRecorderNode'),
    import('../../audio/assets'),
  ]);
  const parts: Float32Array[] = [];
  const handle = await startSampleRecorder({
    stream: mic.stream,
    workletUrl: recorderWorkletUrl,
    onChunk: (chunk) => {
      parts.push(chunk.samples);
      opts.onLevel(levelOf(chunk.rms));
    },
  });
  const started = performance.now();
  let finishing: Promise<RecordedMemo> | null = null;
  const finish = () =>
    (finishing ??= (async () => {
      clearTimeout(limit);
      const durationMs = Math.min(VOICE_NOTE_MAX_MS, Math.round(performance.now() - started));
      await handle.close();
      mic.stop();
      const audio = await encodeMp3(parts, handle.sampleRate);
      return { audio, mimeType: 'audio/mpeg', durationMs };
    })());
  const limit = setTimeout(() => void finish().then(opts.onLimit), VOICE_NOTE_MAX_MS);
  return { stop: finish, cancel: () => void finish().catch(() => undefined) };
}

/** Mono MP3 at 64 kbit/s with LAME in WebAssembly, loaded only on browsers without MediaRecorder. */
async function encodeMp3(parts: Float32Array[], sampleRate: number): Promise<Blob> {
  const { createMp3Encoder } = await import('wasm-media-encoders');
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate, channels: 1, bitrate: 64 });
  const out: Uint8Array[] = [];
  // The encoder's output view is overwritten by its next call: each one is copied.
  for (const p of parts) out.push(encoder.encode([p]).slice());
  out.push(encoder.finalize().slice());
  return new Blob(out as BlobPart[], { type: 'audio/mpeg' });
}
