// The member's voice history in their account (issue 9): the mapping between the tuning room's
// summaries (percentages) and the API's (0-1 measures), and the API calls. Only numbers travel.
import { apiJson } from '../../lib/api';
import { sendOrQueue } from '../../lib/outbox/offline-writes';
import { onlineOnly } from '../../lib/outbox/online-only';
import type { VoiceAnalysis } from './recording-summary';
import { badgesOf, type EarnedBadge } from '../rewards/earned';

export interface ServerAnalysis {
  id: number;
  recordedAt: string;
  durationSec: number;
  score: number;
  clarity: number;
  stability: number;
  resonance: number;
  projection: number;
  pitchMedianHz: number | null;
  pitchRangeSemitones: number | null;
  measures: Record<string, number>;
}
export type NewBadge = EarnedBadge;

const unit = (pct: number) => Math.min(1, Math.max(0, pct / 100));

/** The POST body for one summary (the fields the issue names, plus breathiness and volume as measures). */
export function toServer(a: VoiceAnalysis) {
  return {
    recordedAt: a.at,
    durationSec: a.durationSec,
    score: a.overall,
    clarity: unit(a.clarity),
    stability: unit(a.stability),
    resonance: unit(a.resonance),
    projection: unit(a.projection),
    pitchMedianHz: a.pitchHz !== null && a.pitchHz >= 30 && a.pitchHz <= 2000 ? a.pitchHz : null,
    pitchRangeSemitones: a.pitchRangeSemitones ?? null,
    measures: { breathiness: unit(a.breathiness), volume: unit(a.volume), voicedFrames: a.voicedFrames },
  };
}

/** Back to the tuning room's shape, so its cards read the account's history unchanged. */
export function fromServer(s: ServerAnalysis): VoiceAnalysis {
  const pct = (v: number) => Math.round(v * 100);
  return {
    id: `account-${s.id}`,
    at: s.recordedAt,
    durationSec: s.durationSec,
    overall: Math.round(s.score),
    clarity: pct(s.clarity),
    stability: pct(s.stability),
    resonance: pct(s.resonance),
    projection: pct(s.projection),
    breathiness: pct(s.measures.breathiness ?? 0),
    volume: pct(s.measures.volume ?? 0),
    pitchHz: s.pitchMedianHz,
    voicedFrames: Math.round(s.measures.voicedFrames ?? 0),
    pitchRangeSemitones: s.pitchRangeSemitones,
  };
}

/** Oldest first, as src/domain/voice expects (the API answers newest first). */
export async function fetchAccountHistory(): Promise<VoiceAnalysis[]> {
  const list = await apiJson<ServerAnalysis[]>('GET', '/api/voice-analyses');
  return list.map(fromServer).reverse();
}

export async function saveToAccount(analyses: VoiceAnalysis[]): Promise<NewBadge[]> {
  if (analyses.length === 0) return [];
  const body =
    analyses.length === 1 ? toServer(analyses[0] as VoiceAnalysis) : { analyses: analyses.map(toServer) };
  // Sent once with an Idempotency-Key, or kept in the outbox offline (the analysis is in this
  // browser's history meanwhile); badges come with the answer, so none are known while queued.
  const sent = await sendOrQueue('voice-analysis', '/api/voice-analyses', body);
  if (sent.queued) return [];
  const res = (await sent.response.json()) as { newBadges?: unknown };
  return badgesOf(res.newBadges);
}

/** What saving a recording's practice answered: its minutes and badges, or `queued` offline. */
export interface RecordingSaved {
  seconds: number;
  minutes: number;
  queued: boolean;
  newBadges: NewBadge[];
}

/**
 * A recording in the tuning room is practice whether or not its numbers are kept (issue 30):
 * when, how long, the local day go to the practice ledger; the scores stay on this device
 * unless the member keeps them. Sent once (Idempotency-Key) or kept in the outbox offline.
 */
export async function saveRecordingPractice(a: VoiceAnalysis): Promise<RecordingSaved> {
  const minutes = Math.round(a.durationSec / 60);
  const sent = await sendOrQueue('tuning-recording', '/api/practice/recordings', {
    recordedAt: a.at,
    durationSec: a.durationSec,
  });
  if (sent.queued) return { seconds: a.durationSec, minutes, queued: true, newBadges: [] };
  const res = (await sent.response.json()) as { minutes?: unknown; newBadges?: unknown };
  return {
    seconds: a.durationSec,
    minutes: typeof res.minutes === 'number' ? res.minutes : minutes,
    queued: false,
    newBadges: badgesOf(res.newBadges),
  };
}

export const fetchChoice = () => apiJson<{ keep: boolean }>('GET', '/api/voice-history-choice');
/** A setting that decides what the server may keep: refused in words offline, never queued. */
export const putChoice = (keep: boolean) =>
  onlineOnly('Changing where your voice history is kept', () =>
    apiJson<{ keep: boolean }>('PUT', '/api/voice-history-choice', { keep }),
  );
