import type { QueryClient } from '@tanstack/react-query';
import { catalogueAudioQuery, readinessOf } from '../sessions/catalogue-audio';
import { sessionKeys } from '../sessions/queries';
import { isInstrumentalOnly, type Session } from '../sessions/session';
import { signAudioPath } from './player-api';
import { loadPlayerOverlay } from './player-loader';
import { signedAudioKey } from './use-session-audio-urls';
import { keepWarmAudio } from './warm-audio';

/**
 * Gets everything the player needs for one session before the member taps it (issue 20: "begin
 * today's journey" took 511 ms to the first sound on this machine and 1.23 s on a slow 4G link,
 * spent in a chain the tap started: the player's code, the session's row, a signed URL, the
 * audio's first bytes; docs/performance-first-screens.md has the breakdown). Called by a screen
 * once it shows a session to begin, when the browser is idle:
 *  - the player's code downloads (and renders in the tap's commit: player-loader.ts);
 *  - the session row the screen already has is the player's (no read of it after the tap);
 *  - both versions' URLs are signed (signed URLs live 7 days; the player reads the same queries);
 *  - the version it opens with starts loading in a detached <audio preload="metadata"> that the tap
 *    plays at once and the player takes over (warm-audio.ts). Not on a Save-Data connection,
 *    where only a tap spends data.
 * Nothing here is needed for correctness: a failure leaves the player to do it after the tap.
 */
export async function warmUpSession(client: QueryClient, session: Session): Promise<void> {
  const code = loadPlayerOverlay();
  // Awaited before the audio is kept; a failed download leaves the player to the tap.
  code.catch(() => undefined);
  client.setQueryData<Session>(sessionKeys.byId(session.id), (known) => known ?? session);
  const status = await client.fetchQuery(catalogueAudioQuery).then(
    (data) => ({ data, failed: false }),
    () => ({ data: undefined, failed: true }),
  );
  const versions = [
    { variant: 'vocal', path: session.voicePath },
    { variant: 'instrumental', path: session.instrPath },
  ] as const;
  // A version still being prepared (first start) is signed by the player once it is ready.
  const ready = versions.filter(
    (v) => v.path !== null && readinessOf(status.data, status.failed, session.id, v.variant).ready,
  );
  await Promise.all(
    ready.map(({ path }) =>
      client.prefetchQuery({ queryKey: signedAudioKey(path), queryFn: () => signAudioPath(path ?? '') }),
    ),
  );
  // The version the player opens with (open-session.ts): the voice one when the session has it.
  const mode = isInstrumentalOnly(session) ? 'instrumental' : 'vocal';
  const opening = mode === 'vocal' ? session.voicePath : session.instrPath;
  const url = client.getQueryData<string>(signedAudioKey(opening));
  // Only with the player's code here: a tap plays this element at once, and the player must follow.
  await code;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (url && !connection?.saveData && ready.some((v) => v.path === opening))
    keepWarmAudio(session.id, mode, url);
}
