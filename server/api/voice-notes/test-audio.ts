import { encodeMp3 } from '../../seed/audio/mp3';

/**
 * Audio for the voice-note and Echoverse tests: a real MP3 (a hummed 220 Hz tone, 16 kHz mono,
 * 48 kbit/s: 6 KB a second, as a phone's memo would be) and the first bytes of a WebM file as
 * MediaRecorder writes them, padded to a size.
 */
export function hummedMp3(seconds: number): Buffer {
  const rate = 16_000;
  const pcm = new Int16Array(Math.round(seconds * rate));
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / rate));
  return Buffer.from(encodeMp3(pcm, rate, 48));
}

/** An EBML header with DocType "webm", then `size` bytes in all. */
export function webmLike(size: number): Buffer {
  const head = Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04,
    0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d,
  ]);
  const out = Buffer.alloc(Math.max(size, head.length), 0x11);
  head.copy(out);
  return out;
}

/** A keep body for POST /api/voice-notes. */
export function noteBody(
  id: string,
  audio: Buffer,
  extra: Partial<{ title: string; durationMs: number; mimeType: string; recordedAt: string }> = {},
) {
  return {
    id,
    title: 'Morning hum',
    recordedAt: new Date().toISOString(),
    durationMs: 3000,
    mimeType: 'audio/mpeg',
    audio: audio.toString('base64'),
    ...extra,
  };
}
