import { Mp3Encoder } from '@breezystack/lamejs';
import { BITRATE_KBPS, SAMPLE_RATE, SAMPLES_PER_FRAME } from './config';

/** Feeding whole frames keeps lame's internal buffering simple; 32 frames per call is ~1 s of audio at 16 kHz. */
const CHUNK = SAMPLES_PER_FRAME * 32;

/**
 * Encodes mono 16-bit PCM as constant-bitrate MP3 (no ID3/Xing tag, so the file is pure frames).
 * lamejs returns Int8Array views despite its typings; we copy them into one Uint8Array.
 */
export function encodeMp3(
  pcm: Int16Array,
  sampleRate = SAMPLE_RATE,
  kbps = BITRATE_KBPS,
  /** Called now and then with the share (0..1) encoded so far. */
  onProgress?: (fraction: number) => void,
): Uint8Array {
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const parts: Uint8Array[] = [];
  let total = 0;
  const keep = (
    chunk: ArrayLike<number> & { buffer: ArrayBufferLike; byteOffset: number; length: number },
  ) => {
    if (chunk.length === 0) return;
    const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length).slice();
    parts.push(bytes);
    total += bytes.length;
  };
  for (let i = 0; i < pcm.length; i += CHUNK) {
    keep(encoder.encodeBuffer(pcm.subarray(i, i + CHUNK)));
    // About every 30 s of audio: often enough for a smooth percentage, rare enough to cost nothing.
    if (onProgress && (i / CHUNK) % 32 === 31) onProgress(i / pcm.length);
  }
  keep(encoder.flush());
  const out = new Uint8Array(total);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
