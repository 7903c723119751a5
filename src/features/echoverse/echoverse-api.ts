import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '../../lib/api';
import { newIdempotencyKey, sendOrQueue, wasQueued } from '../../lib/outbox/offline-writes';
import { onlineOnly } from '../../lib/outbox/online-only';
import { blobToBase64, type SignedUrl } from '../voice-notes/voice-notes-api';

/** Shapes of /api/echoverse (server/api/echoverse/routes.ts). */
export interface ListedNote {
  id: string;
  firstName: string;
  title: string;
  durationMs: number;
  sharedAt: string;
  echoes: number;
  echoedByMe: boolean;
  mine: boolean;
}
export interface MyShare {
  id: string;
  voiceNoteId: string;
  title: string;
  durationMs: number;
  sharedAt: string;
  echoes: number;
  hidden: boolean;
  hiddenAt: string | null;
}
export interface Echoverse {
  notes: ListedNote[];
  mine: MyShare[];
  sharesToday: number;
  sharesPerDay: number;
}

export const ECHOVERSE_KEY = '/api/echoverse';
export const ECHO_WRITE = 'echoverse-echo';
export const REPORT_WRITE = 'echoverse-report';

/** The list, saved on the device for offline reading like every screen's data. */
export const useEchoverse = (enabled = true) =>
  useQuery<Echoverse>({ queryKey: [ECHOVERSE_KEY], enabled, staleTime: 0 });

const noteUrl = (id: string) => `${ECHOVERSE_KEY}/${encodeURIComponent(id)}`;

/** A signed URL (15 minutes) to hear one note; fetched when it is played, never saved. */
export const listenUrl = (id: string) => apiJson<SignedUrl>('GET', `${noteUrl(id)}/audio`);

export interface ShareRequest {
  voiceNoteId: string;
  title: string;
  durationMs: number;
  mimeType: string;
  audio: Blob;
}

/**
 * Sharing is refused offline, in words: it makes the member's voice public, and the day's limit
 * or a problem with the file must be known now, not hours later from the outbox.
 */
export const shareToEchoverse = (s: ShareRequest) =>
  onlineOnly('Sharing to the Echoverse', async () => {
    const body = { ...s, audio: await blobToBase64(s.audio) };
    const res = await apiRequest('POST', ECHOVERSE_KEY, body, { 'Idempotency-Key': newIdempotencyKey() });
    return (await res.json()) as MyShare;
  });

/** Withdrawing is refused offline too: the note must stop playing now, not when we are back. */
export const withdrawShare = (id: string) =>
  onlineOnly('Withdrawing a note from the Echoverse', () => apiJson<null>('DELETE', noteUrl(id)));

function useRefreshAfter<T>(write: (arg: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    // Runs offline too: the outbox keeps the write (TanStack would otherwise pause it unsent).
    networkMode: 'always',
    mutationFn: write,
    onSuccess: (result) =>
      wasQueued(result) ? undefined : client.invalidateQueries({ queryKey: [ECHOVERSE_KEY] }),
  });
}

/** Echo: offline it waits in the outbox and is sent once. */
export const useEchoNote = () =>
  useRefreshAfter((id: string) => sendOrQueue(ECHO_WRITE, `${noteUrl(id)}/echo`, {}));

/** Report with a reason: offline it waits in the outbox and is sent once. */
export const useReportNote = () =>
  useRefreshAfter(({ id, reason }: { id: string; reason: string }) =>
    sendOrQueue(REPORT_WRITE, `${noteUrl(id)}/report`, { reason }),
  );

export const useWithdraw = () => useRefreshAfter(withdrawShare);
