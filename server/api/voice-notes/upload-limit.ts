import { ApiError } from '../../lib/http';

/**
 * The two routes that take audio (a voice note kept in the account, a note shared to the
 * Echoverse) get a larger body than the API's 64 KB: the longest note allowed (60 s at the
 * largest rate a note may have, base64 in JSON) is about 1.9 MB. Anything larger is refused
 * before it is read; the route then checks the bytes against the note's own length.
 */
export const AUDIO_UPLOAD_BODY_BYTES = Math.round(2.5 * 1024 * 1024);

export function isAudioUpload(method: string, path: string): boolean {
  return method === 'POST' && (path === '/api/voice-notes' || path === '/api/echoverse');
}

export const audioBodyTooLarge = () =>
  new ApiError(
    413,
    'audio_too_large',
    'This recording is too large to keep: a voice note is at most 2.5 MB.',
    {
      audio: 'at most 2.5 MB',
    },
  );
