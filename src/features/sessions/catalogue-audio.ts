import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
import type { Session } from './session';

/** GET /api/catalogue-audio: the catalogue's audio still being rendered after a first start. */
export interface CatalogueAudioStatus {
  ready: boolean;
  sessions: { sessionId: number; percent: number; voiceReady: boolean; instrumentalReady: boolean }[];
}

export const CATALOGUE_AUDIO_URL = '/api/catalogue-audio';
/** How often screens ask again while something is still being prepared. */
export const PREPARING_POLL_MS = 2000;

export type AudioVariant = 'vocal' | 'instrumental';

/**
 * Whether a session's audio can be played yet. `known` is false until the first answer; a
 * backend without this route (a hosted Supabase project) answers an error, and then every
 * file counts as ready, as it always did.
 */
export interface AudioReadiness {
  known: boolean;
  ready: boolean;
  /** 0-100 while preparing. */
  percent: number;
}

const READY: AudioReadiness = { known: true, ready: true, percent: 100 };

/** The one query of the catalogue's audio status (also read ahead of the player: warm-up.ts). */
export const catalogueAudioQuery = {
  queryKey: [CATALOGUE_AUDIO_URL],
  queryFn: () => apiJson<CatalogueAudioStatus>('GET', CATALOGUE_AUDIO_URL),
  staleTime: PREPARING_POLL_MS,
  retry: false,
} as const;

/** Polls only while some audio is still being prepared; one shared query for every card. */
export function useCatalogueAudio() {
  return useQuery({
    ...catalogueAudioQuery,
    refetchInterval: (q) => (q.state.data && !q.state.data.ready ? PREPARING_POLL_MS : false),
  });
}

export function readinessOf(
  status: CatalogueAudioStatus | undefined,
  failed: boolean,
  sessionId: number,
  variant: AudioVariant,
): AudioReadiness {
  if (failed) return READY;
  if (!status) return { known: false, ready: false, percent: 0 };
  const row = status.sessions.find((s) => s.sessionId === sessionId);
  if (!row) return READY;
  const ready = variant === 'vocal' ? row.voiceReady : row.instrumentalReady;
  return { known: true, ready, percent: ready ? 100 : row.percent };
}

/** The readiness of one session's version (the voice one when it has it, unless asked otherwise). */
export function useAudioReadiness(session: Session, variant?: AudioVariant): AudioReadiness {
  const q = useCatalogueAudio();
  const v = variant ?? (session.voicePath ? 'vocal' : 'instrumental');
  // Offline with no answer (paused): treated like a failed read, so downloaded audio still plays.
  return readinessOf(q.data, q.isError || (q.fetchStatus === 'paused' && !q.data), session.id, v);
}
