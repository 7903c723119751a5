// Minimal RIFF/WAVE reader and 16-bit writer. Reads PCM 16/24/32-bit, IEEE float 32-bit and
// WAVE_FORMAT_EXTENSIBLE wrapping either; downmixes any channel count to mono by averaging.
// Streaming recorders write a placeholder data size (e.g. 0xFFFFFFFF or 0xFFFFFFD4), so a
// data chunk that claims more bytes than the file holds is read to the end of the file.
import type { DecodedWav } from './types';

const PCM = 1;
const FLOAT = 3;
const EXTENSIBLE = 0xfffe;

export class WavError extends Error {
  override name = 'WavError';
}

interface Format {
  tag: number;
  channels: number;
  sampleRate: number;
  blockAlign: number;
  bits: number;
}

function tag(view: DataView, offset: number): string {
  return String.fromCharCode(...[0, 1, 2, 3].map((i) => view.getUint8(offset + i)));
}

function readFormat(view: DataView, offset: number, size: number): Format {
  if (size < 16) throw new WavError(`fmt chunk is ${size} bytes, expected at least 16`);
  let formatTag = view.getUint16(offset, true);
  // EXTENSIBLE keeps the real format code in the first two bytes of the sub-format GUID.
  if (formatTag === EXTENSIBLE) {
    if (size < 40) throw new WavError('WAVE_FORMAT_EXTENSIBLE fmt chunk is shorter than 40 bytes');
    formatTag = view.getUint16(offset + 24, true);
  }
  return {
    tag: formatTag,
    channels: view.getUint16(offset + 2, true),
    sampleRate: view.getUint32(offset + 4, true),
    blockAlign: view.getUint16(offset + 12, true),
    bits: view.getUint16(offset + 14, true),
  };
}

function sampleReader(view: DataView, fmt: Format): (offset: number) => number {
  if (fmt.tag === PCM && fmt.bits === 16) return (o) => view.getInt16(o, true) / 32768;
  if (fmt.tag === PCM && fmt.bits === 24) {
    return (o) => (view.getUint8(o) | (view.getUint8(o + 1) << 8) | (view.getInt8(o + 2) << 16)) / 8388608;
  }
  if (fmt.tag === PCM && fmt.bits === 32) return (o) => view.getInt32(o, true) / 2147483648;
  if (fmt.tag === FLOAT && fmt.bits === 32) return (o) => view.getFloat32(o, true);
  const kind = fmt.tag === PCM ? 'PCM' : fmt.tag === FLOAT ? 'float' : `format code ${fmt.tag}`;
  throw new WavError(
    `unsupported WAV encoding: ${kind} with ${fmt.bits} bits per sample (supported: 16/24/32-bit PCM, 32-bit float)`,
  );
}

function validate(fmt: Format): void {
  if (fmt.channels < 1) throw new WavError('WAV declares 0 channels');
  if (fmt.sampleRate < 1) throw new WavError('WAV declares a sample rate of 0');
  if (fmt.blockAlign !== (fmt.bits / 8) * fmt.channels) {
    throw new WavError(`WAV block align ${fmt.blockAlign} does not match ${fmt.channels} x ${fmt.bits}-bit`);
  }
}

function decodeData(view: DataView, fmt: Format, offset: number, bytes: number): Float32Array {
  const read = sampleReader(view, fmt);
  const step = fmt.bits / 8;
  const frames = Math.floor(bytes / fmt.blockAlign);
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    const base = offset + i * fmt.blockAlign;
    let sum = 0;
    for (let c = 0; c < fmt.channels; c++) sum += read(base + c * step);
    out[i] = sum / fmt.channels;
  }
  return out;
}

export function decodeWav(bytes: Uint8Array): DecodedWav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 12 || tag(view, 0) !== 'RIFF' || tag(view, 8) !== 'WAVE') {
    throw new WavError('not a WAV file (missing RIFF/WAVE header)');
  }
  let fmt: Format | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.byteLength) {
    const id = tag(view, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      fmt = readFormat(view, body, size);
      sampleReader(view, fmt); // throws on an unsupported encoding before the layout checks
      validate(fmt);
    } else if (id === 'data') {
      if (!fmt) throw new WavError('WAV data chunk comes before its fmt chunk');
      const available = Math.min(size, bytes.byteLength - body);
      const samples = decodeData(view, fmt, body, available);
      const format = fmt.tag === FLOAT ? 'float' : 'pcm';
      return { sampleRate: fmt.sampleRate, channels: fmt.channels, bitsPerSample: fmt.bits, format, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new WavError(fmt ? 'WAV file has no data chunk' : 'WAV file has no fmt chunk');
}

/** Encodes mono samples (clipped to -1..1) as a 16-bit PCM WAV. */
export function encodeWav16(samples: Float32Array, sampleRate: number): Uint8Array {
  const out = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(out.buffer);
  const ascii = (o: number, s: string) => [...s].forEach((ch, i) => view.setUint8(o + i, ch.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, PCM, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(44 + i * 2, Math.round(v * 32767), true);
  }
  return out;
}
