import { describe, expect, it } from 'vitest';
import { decodeWav, encodeWav16, WavError } from './wav';

interface Options {
  formatTag?: number;
  channels?: number;
  sampleRate?: number;
  bits?: number;
  extensibleSubFormat?: number;
  dataSize?: number;
  data: Uint8Array;
}

/** Builds a WAV byte stream with an arbitrary fmt chunk. */
function wavBytes(o: Options): Uint8Array {
  const extensible = o.extensibleSubFormat !== undefined;
  const fmtSize = extensible ? 40 : 16;
  const channels = o.channels ?? 1;
  const bits = o.bits ?? 16;
  const out = new Uint8Array(12 + 8 + fmtSize + 8 + o.data.length);
  const v = new DataView(out.buffer);
  const ascii = (at: number, s: string) => [...s].forEach((c, i) => v.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  v.setUint32(4, out.length - 8, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  v.setUint32(16, fmtSize, true);
  v.setUint16(20, extensible ? 0xfffe : (o.formatTag ?? 1), true);
  v.setUint16(22, channels, true);
  v.setUint32(24, o.sampleRate ?? 44100, true);
  v.setUint32(28, ((o.sampleRate ?? 44100) * channels * bits) / 8, true);
  v.setUint16(32, (channels * bits) / 8, true);
  v.setUint16(34, bits, true);
  if (extensible) {
    v.setUint16(36, 22, true);
    v.setUint16(38, bits, true);
    v.setUint16(44, o.extensibleSubFormat ?? 1, true);
  }
  const dataAt = 20 + fmtSize;
  ascii(dataAt, 'data');
  v.setUint32(dataAt + 4, o.dataSize ?? o.data.length, true);
  out.set(o.data, dataAt + 8);
  return out;
}

const int16 = (...values: number[]) => new Uint8Array(Int16Array.from(values).buffer);
const float32 = (...values: number[]) => new Uint8Array(Float32Array.from(values).buffer);

describe('WAV reader', () => {
  it('reads 16-bit PCM mono as -1..1 floats', () => {
    const wav = decodeWav(wavBytes({ data: int16(0, 16384, -32768) }));
    expect(wav).toMatchObject({ sampleRate: 44100, channels: 1, bitsPerSample: 16, format: 'pcm' });
    expect(Array.from(wav.samples)).toEqual([0, 0.5, -1]);
  });

  it('reads 24-bit PCM including negative samples', () => {
    const data = new Uint8Array([0x00, 0x00, 0x40, 0x00, 0x00, 0xc0]); // +0.5, -0.5
    expect(Array.from(decodeWav(wavBytes({ bits: 24, data })).samples)).toEqual([0.5, -0.5]);
  });

  it('reads 32-bit float and WAVE_FORMAT_EXTENSIBLE float', () => {
    expect(
      Array.from(decodeWav(wavBytes({ formatTag: 3, bits: 32, data: float32(0.25, -0.75) })).samples),
    ).toEqual([0.25, -0.75]);
    const ext = decodeWav(wavBytes({ extensibleSubFormat: 3, bits: 32, data: float32(0.125) }));
    expect(ext.format).toBe('float');
    expect(Array.from(ext.samples)).toEqual([0.125]);
  });

  it('downmixes stereo to mono by averaging the channels', () => {
    const wav = decodeWav(wavBytes({ channels: 2, data: int16(16384, 0, -16384, -16384) }));
    expect(wav.channels).toBe(2);
    expect(Array.from(wav.samples)).toEqual([0.25, -0.5]);
  });

  it('reads to the end of the file when the data size is a streaming placeholder', () => {
    const wav = decodeWav(wavBytes({ dataSize: 0xffffffd4, data: int16(100, 200, 300) }));
    expect(wav.samples).toHaveLength(3);
  });

  it('round-trips the 16-bit writer', () => {
    const wav = decodeWav(encodeWav16(Float32Array.from([0, 0.5, -0.5]), 48000));
    expect(wav.sampleRate).toBe(48000);
    expect(Array.from(wav.samples).map((s) => Math.round(s * 1000) / 1000)).toEqual([0, 0.5, -0.5]);
  });

  it.each([
    ['a non-RIFF file', new TextEncoder().encode('ID3 definitely not a wav'), /not a WAV file/],
    ['8-bit PCM', wavBytes({ bits: 8, data: new Uint8Array(4) }), /PCM with 8 bits/],
    [
      'ADPCM',
      wavBytes({ formatTag: 2, bits: 4, data: new Uint8Array(4) }),
      /unsupported WAV encoding: format code 2/,
    ],
    ['64-bit float', wavBytes({ formatTag: 3, bits: 64, data: new Uint8Array(8) }), /float with 64 bits/],
    ['a file without a data chunk', wavBytes({ data: new Uint8Array(0) }).subarray(0, 36), /no data chunk/],
  ])('rejects %s with a clear message', (_name, bytes, message) => {
    expect(() => decodeWav(bytes)).toThrow(WavError);
    expect(() => decodeWav(bytes)).toThrow(message);
  });
});
