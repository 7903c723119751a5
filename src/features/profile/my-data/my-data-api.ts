import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest, currentAccessToken } from '../../../lib/api';
import { userIdOfToken } from '../../../lib/outbox/offline-writes';
import { onlineOnly } from '../../../lib/outbox/online-only';
import { removeLocalNotesOf } from '../../voice-notes/local-notes';

/** How the member's completions appear in the community (server/api/accounts/data-routes.ts). */
export type PulseIdentity = 'first_name' | 'someone' | 'hidden';

const PRIVACY = '/api/account/privacy';

export function usePrivacy() {
  return useQuery<{ pulseIdentity: PulseIdentity }>({ queryKey: [PRIVACY] });
}

export function useSetPrivacy() {
  const qc = useQueryClient();
  return useMutation({
    // A privacy choice takes effect at once or not at all: refused in words offline.
    mutationFn: (pulseIdentity: PulseIdentity) =>
      onlineOnly('Changing how you appear in the community', () =>
        apiJson<{ pulseIdentity: PulseIdentity }>('PUT', PRIVACY, { pulseIdentity }),
      ),
    onSuccess: (data) => {
      qc.setQueryData([PRIVACY], data);
      // The community lists show names; refetch them with the new choice.
      void qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('/community') });
    },
  });
}

/** Fetches the export (it needs the bearer token, so no plain link) and saves it as a file. */
export async function downloadMyData(): Promise<void> {
  const res = await apiRequest('GET', '/api/account/export');
  const blob = await res.blob();
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'tuneful-my-data.json';
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Never queued: the member must know it is done (docs/offline-writes.md). Their voice notes on
 * this device go with the account (the server removed the ones kept there).
 */
export const deleteAccount = (password: string) =>
  onlineOnly('Deleting your account', async () => {
    const userId = userIdOfToken(await currentAccessToken());
    const done = await apiJson<{ deleted: true }>('DELETE', '/api/account', { password });
    if (userId) await removeLocalNotesOf(userId).catch((err: unknown) => console.warn(err));
    return done;
  });
