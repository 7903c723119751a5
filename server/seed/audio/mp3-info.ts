/** Minimal MPEG audio Layer III frame walker: validates a file and measures its duration from frames. */
const BITRATES = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000], // MPEG-1
  2: [22050, 24000, 16000], // MPEG-2
  0: [11025, 12000, 8000], // MPEG-2.5
};

export interface Mp3Info {
  frames: number;
  sampleRate: number;
  bitrateKbps: number;
  channels: 1 | 2;
  durationSec: number;
}

interface FrameHeader {
  length: number;
  samples: number;
  sampleRate: number;
  bitrateKbps: number;
  channels: 1 | 2;
}

function readHeader(b: Uint8Array, at: number): FrameHeader | null {
  const b1 = b[at + 1] ?? 0;
  const b2 = b[at + 2] ?? 0;
  const b3 = b[at + 3] ?? 0;
  if (b[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  const rates = SAMPLE_RATES[version];
  if (!rates || layer !== 1) return null; // layer bits 01 = Layer III
  const mpeg1 = version === 3;
  const bitrateKbps = (mpeg1 ? BITRATES.mpeg1 : BITRATES.mpeg2)[(b2 >> 4) & 15] ?? 0;
  const sampleRate = rates[(b2 >> 2) & 3];
  if (!bitrateKbps || !sampleRate) return null;
  const padding = (b2 >> 1) & 1;
  const samples = mpeg1 ? 1152 : 576;
  const length = Math.floor(((samples / 8) * bitrateKbps * 1000) / sampleRate) + padding;
  return { length, samples, sampleRate, bitrateKbps, channels: b3 >> 6 === 3 ? 1 : 2 };
}

/** Throws unless `bytes` is a contiguous run of Layer III frames (an optional ID3v2 tag first). */
export function parseMp3(bytes: Uint8Array): Mp3Info {
  let at = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    const size = ((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0);
    at = 10 + size;
  }
  let frames = 0;
  let samples = 0;
  let first: FrameHeader | null = null;
  while (at < bytes.length) {
    const h = readHeader(bytes, at);
    if (!h) throw new Error(`no MP3 frame sync at byte ${at} of ${bytes.length}`);
    if (at + h.length > bytes.length) throw new Error(`truncated MP3 frame at byte ${at}`);
    first ??= h;
    frames++;
    samples += h.samples;
    at += h.length;
  }
  if (!first) throw new Error('no MP3 frames');
  const { sampleRate, bitrateKbps, channels } = first;
  return { frames, sampleRate, bitrateKbps, channels, durationSec: samples / sampleRate };
}
