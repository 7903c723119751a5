import { useQuery } from '@tanstack/react-query';
import type { Session } from '../sessions/session';
import { NotDownloadedOffline, signAudioPath } from './player-api';

/** The query that holds a file's signed URL (home signs its recommendation's ahead: warm-up.ts). */
export const signedAudioKey = (path: string | null) => ['signed-audio', path] as const;

/**
 * Both versions are signed up front so a switch does not wait on the network; a version whose
 * audio is still being prepared (first start) is signed once it is ready.
 */
export function useSessionAudioUrls(
  session: Session,
  ready: { vocal: boolean; instrumental: boolean } = { vocal: true, instrumental: true },
) {
  const voice = useQuery({
    queryKey: signedAudioKey(session.voicePath),
    queryFn: () => signAudioPath(session.voicePath ?? ''),
    enabled: session.voicePath !== null && ready.vocal,
    // Runs offline too: a downloaded copy needs no network, and a missing one fails at once.
    networkMode: 'always',
  });
  const instr = useQuery({
    queryKey: signedAudioKey(session.instrPath),
    queryFn: () => signAudioPath(session.instrPath ?? ''),
    enabled: session.instrPath !== null && ready.instrumental,
    networkMode: 'always',
  });
  return {
    vocal: voice.data ?? null,
    instrumental: instr.data ?? null,
    failed: voice.isError || instr.isError,
    /** Offline and not downloaded: nothing to play until the network is back. */
    notDownloaded: voice.error instanceof NotDownloadedOffline || instr.error instanceof NotDownloadedOffline,
    retry: () => {
      if (voice.isError) void voice.refetch();
      if (instr.isError) void instr.refetch();
    },
  };
}
