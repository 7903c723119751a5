/**
 * The rules of voice notes and the Echoverse, shared by the screens and the server
 * (docs/features/voice-notes-and-echoverse.md). The server enforces every one of them; the app
 * uses the same numbers so it can say so before it sends anything.
 */

/** A voice note is at most a minute long; the recorder stops by itself there. */
export const VOICE_NOTE_MAX_MS = 60_000;
/** Shorter than half a second is a tap on the button, not a note. */
export const VOICE_NOTE_MIN_MS = 500;
/** What the Echoverse plays: at most 30 seconds. */
export const ECHOVERSE_MAX_MS = 30_000;
export const TITLE_MAX = 80;

/** What one member may keep in their account: about an hour of memos at 64 kbit/s. */
export const VOICE_NOTE_QUOTA_BYTES = 25 * 1024 * 1024;

/**
 * Bytes a second of audio may take: 192 kbit/s, three times what the app records at (64 kbit/s
 * Opus, AAC or MP3), so any browser's encoder fits and a file that is not a short memo does not.
 */
export const MAX_AUDIO_BYTES_PER_SECOND = 24_000;
/** Container headers and the first packets, on top of the per-second allowance. */
export const AUDIO_HEADER_ALLOWANCE = 16 * 1024;

/** The largest file a note of `durationMs` may be. */
export function maxAudioBytes(durationMs: number): number {
  return AUDIO_HEADER_ALLOWANCE + Math.ceil((Math.max(0, durationMs) / 1000) * MAX_AUDIO_BYTES_PER_SECOND);
}

/** Shares to the Echoverse a member may make in one of their local days. */
export const ECHOVERSE_SHARES_PER_DAY = 3;
/** Reports by different members that hide a shared note until it is reviewed. */
export const ECHOVERSE_REPORTS_TO_HIDE = 3;
export const REPORT_REASON_MAX = 300;

/** The audio containers accepted (what MediaRecorder and the MP3 fallback make), by MIME essence. */
export const AUDIO_TYPES = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
} as const;
export type AudioEssence = keyof typeof AUDIO_TYPES;

/** `audio/webm;codecs=opus` → `audio/webm`; null for a type we do not accept. */
export function audioEssence(mimeType: string): AudioEssence | null {
  const essence = (mimeType.split(';')[0] ?? '').trim().toLowerCase();
  return essence in AUDIO_TYPES ? (essence as AudioEssence) : null;
}

/** "0:07", "1:00": a note's length as a member reads it. */
export function formatLength(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** "7 seconds", "1 minute", "1 minute 5 seconds": the same length in words. */
export function lengthInWords(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  const sec = `${s} ${s === 1 ? 'second' : 'seconds'}`;
  if (m === 0) return sec;
  const min = `${m} ${m === 1 ? 'minute' : 'minutes'}`;
  return s === 0 ? min : `${min} ${sec}`;
}

/** "0 KB", "340 KB", "2.4 MB", "25 MB". */
export function formatBytes(bytes: number): string {
  if (bytes <= 0) return '0 KB';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}
