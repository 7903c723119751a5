import { z } from 'zod';
import {
  AUDIO_TYPES,
  audioEssence,
  formatBytes,
  formatLength,
  maxAudioBytes,
  VOICE_NOTE_MIN_MS,
  type AudioEssence,
} from '../../../src/domain/voice-notes';
import { ApiError } from '../../lib/http';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const TYPES_IN_WORDS = 'WebM, Ogg, MP4 or MP3 audio';

/**
 * The audio fields of an upload (a voice note kept in the account, a note shared to the
 * Echoverse). The audio travels base64 in the JSON body, so a keep made offline waits in the
 * app's outbox like any other write and is sent once with its Idempotency-Key
 * (docs/features/voice-notes-and-echoverse.md, "Why JSON"). `maxMs` is the kind's longest note.
 */
export function audioFields(maxMs: number) {
  return {
    durationMs: z
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(VOICE_NOTE_MIN_MS, `must be at least ${VOICE_NOTE_MIN_MS} ms`)
      .max(maxMs, `must be at most ${maxMs / 1000} seconds`),
    mimeType: z
      .string({ error: `must be the audio type: ${TYPES_IN_WORDS}` })
      .max(100, 'must be at most 100 characters')
      .refine((t) => audioEssence(t) !== null, `must be ${Object.keys(AUDIO_TYPES).join(', ')}`),
    audio: z
      .string({ error: 'must be the audio as base64 text' })
      .min(1, 'must not be empty')
      .regex(BASE64, 'must be the audio as base64 text'),
  };
}

export interface CheckedAudio {
  bytes: Buffer;
  essence: AudioEssence;
  /** The file name's extension: webm, ogg, m4a, mp3. */
  ext: string;
}

/**
 * The server's own look at the file, whatever the app said: its size against its length (a
 * 30-second note cannot be 5 MB) and its first bytes against the type it claims (a file that is
 * not audio, or not the audio it says, is refused). 413 and 415 name the field `audio`.
 */
export function checkAudio(body: { audio: string; mimeType: string; durationMs: number }): CheckedAudio {
  const essence = audioEssence(body.mimeType) as AudioEssence;
  const bytes = Buffer.from(body.audio, 'base64');
  const max = maxAudioBytes(body.durationMs);
  if (bytes.length > max) {
    const message = `A note of ${formatLength(body.durationMs)} can be at most ${formatBytes(max)} of audio; this one is ${formatBytes(bytes.length)}.`;
    throw new ApiError(413, 'audio_too_large', message, { audio: message });
  }
  const found = sniffAudio(bytes);
  if (found === null) {
    const message = `This file is not audio we can keep: a voice note is ${TYPES_IN_WORDS}.`;
    throw new ApiError(415, 'not_audio', message, { audio: message });
  }
  if (found !== essence) {
    const message = `This file is ${found}, not the ${essence} it says it is.`;
    throw new ApiError(415, 'not_audio', message, { audio: message });
  }
  return { bytes, essence, ext: AUDIO_TYPES[essence] };
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The container the first bytes say, or null when they are none of the accepted ones. */
export function sniffAudio(bytes: Uint8Array): AudioEssence | null {
  if (bytes.length < 12) return null;
  // EBML header whose DocType is "webm" (MediaRecorder in Chromium and Firefox).
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return ascii(bytes, 4, 64).includes('webm') ? 'audio/webm' : null;
  }
  if (ascii(bytes, 0, 4) === 'OggS') return 'audio/ogg';
  // ISO base media (MediaRecorder in Safari): a box of type "ftyp" first.
  if (ascii(bytes, 4, 8) === 'ftyp') return 'audio/mp4';
  if (ascii(bytes, 0, 3) === 'ID3') return 'audio/mpeg';
  // An MPEG audio frame header: 11 sync bits, a known version and layer.
  const b1 = bytes[1] ?? 0;
  if (bytes[0] === 0xff && (b1 & 0xe0) === 0xe0 && ((b1 >> 3) & 3) !== 1 && ((b1 >> 1) & 3) !== 0) {
    return 'audio/mpeg';
  }
  return null;
}
