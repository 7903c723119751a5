import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
import { sendOrQueue, type WriteResult } from '../../lib/outbox/offline-writes';
import { onlineOnly } from '../../lib/outbox/online-only';
import type { LocalNote } from './local-notes';

/** Shapes of /api/voice-notes (server/api/voice-notes/routes.ts). */
export interface AccountNote {
  id: string;
  title: string;
  recordedAt: string;
  durationMs: number;
  mimeType: string;
  sizeBytes: number;
  keptAt: string;
}
export interface AccountNotes {
  notes: AccountNote[];
  usage: { usedBytes: number; quotaBytes: number };
}
export interface SignedUrl {
  url: string;
  expiresAt: string;
}

export const VOICE_NOTES_KEY = '/api/voice-notes';
/** The outbox kind of a "keep in my account" made offline (describe-write.ts names it). */
export const KEEP_WRITE = 'voice-note-keep';

/** The notes kept in the account, on every device; saved for offline like every screen's data. */
export const useAccountNotes = (enabled: boolean) =>
  useQuery<AccountNotes>({ queryKey: [VOICE_NOTES_KEY], enabled, staleTime: 0 });

/** The audio as base64 text for the JSON body (the outbox keeps JSON writes). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await bytesOf(blob));
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Blob.arrayBuffer, or FileReader where a browser (or jsdom) has no such method. */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The recording could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * "Keep in my account": sent now, or, offline, kept in the outbox and sent once when the
 * connection is back (the note's own id makes a second arrival change nothing).
 */
export async function keepInAccount(note: LocalNote): Promise<WriteResult> {
  return sendOrQueue(KEEP_WRITE, VOICE_NOTES_KEY, {
    id: note.id,
    title: note.title,
    recordedAt: note.recordedAt,
    durationMs: note.durationMs,
    mimeType: note.mimeType,
    audio: await blobToBase64(note.audio),
  });
}

/** A short-lived signed URL to play one's own note (never saved: it carries a token). */
export const accountNoteUrl = (id: string) =>
  apiJson<SignedUrl>('GET', `${VOICE_NOTES_KEY}/${encodeURIComponent(id)}/audio`);

/** Changes to what the server holds are refused offline: the member must know they happened. */
export const renameInAccount = (id: string, title: string) =>
  onlineOnly('Renaming a note kept in your account', () =>
    apiJson<AccountNote>('PATCH', `${VOICE_NOTES_KEY}/${encodeURIComponent(id)}`, { title }),
  );

export const deleteFromAccount = (id: string) =>
  onlineOnly('Deleting a note kept in your account', () =>
    apiJson<null>('DELETE', `${VOICE_NOTES_KEY}/${encodeURIComponent(id)}`),
  );
