// The member's analysis history in local storage (spec: "Tuning room and recorder: no network
// calls ... local browser storage only"). Only the numeric summaries are kept, never audio.
// Whatever is in storage is untrusted: another tab, an old version or a hand edit may have
// written it, so every entry is validated and bad ones are dropped rather than crashing.
import { storageKeys } from '../../lib/storage-keys';
import type { VoiceAnalysis } from './recording-summary';

/** Trend needs 20 sessions; a few hundred summaries are a few tens of kilobytes. */
export const HISTORY_LIMIT = 200;

// Checked by hand, not with zod: the tuning room is a first screen and zod would add ~20 KB
// (brotli) to what it downloads.
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isPercentage = (v: unknown) => isFiniteNumber(v) && v >= 0 && v <= 100;
const PERCENTAGES = [
  'overall',
  'clarity',
  'stability',
  'resonance',
  'projection',
  'breathiness',
  'volume',
] as const;

/** The entry as a VoiceAnalysis (unknown keys dropped), or null when any field is invalid. */
function parseAnalysis(item: unknown): VoiceAnalysis | null {
  if (typeof item !== 'object' || item === null) return null;
  const v = item as Record<string, unknown>;
  if (typeof v.id !== 'string' || v.id.length < 1 || v.id.length > 64) return null;
  if (typeof v.at !== 'string' || Number.isNaN(Date.parse(v.at))) return null;
  if (!isFiniteNumber(v.durationSec) || v.durationSec < 0) return null;
  if (!PERCENTAGES.every((k) => isPercentage(v[k]))) return null;
  if (v.pitchHz !== null && !(isFiniteNumber(v.pitchHz) && v.pitchHz > 0)) return null;
  if (!Number.isInteger(v.voicedFrames) || (v.voicedFrames as number) < 0) return null;
  // Optional (older entries have none); null when too little was voiced to measure.
  const range = v.pitchRangeSemitones;
  if (range !== undefined && range !== null && !(isFiniteNumber(range) && range >= 0)) return null;
  return {
    id: v.id,
    at: v.at,
    durationSec: v.durationSec,
    overall: v.overall as number,
    clarity: v.clarity as number,
    stability: v.stability as number,
    resonance: v.resonance as number,
    projection: v.projection as number,
    breathiness: v.breathiness as number,
    volume: v.volume as number,
    pitchHz: v.pitchHz as number | null,
    voicedFrames: v.voicedFrames as number,
    ...(range !== undefined && { pitchRangeSemitones: range as number | null }),
  };
}

/** Parses stored text; anything unreadable gives an empty history, bad entries are skipped. */
export function parseHistory(raw: string | null): VoiceAnalysis[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const out: VoiceAnalysis[] = [];
  for (const item of data) {
    const parsed = parseAnalysis(item);
    if (parsed) out.push(parsed);
  }
  return out.slice(-HISTORY_LIMIT);
}

export function appendToHistory(history: VoiceAnalysis[], analysis: VoiceAnalysis): VoiceAnalysis[] {
  return [...history, analysis].slice(-HISTORY_LIMIT);
}

/** Storage can be missing (privacy modes) or full; the history then lives for this visit only. */
export function loadHistory(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): VoiceAnalysis[] {
  try {
    return parseHistory(storage?.getItem(storageKeys.voiceSessions) ?? null);
  } catch {
    return [];
  }
}

export function saveHistory(
  history: VoiceAnalysis[],
  storage: Pick<Storage, 'setItem'> | undefined = safeStorage(),
): boolean {
  try {
    storage?.setItem(storageKeys.voiceSessions, JSON.stringify(history.slice(-HISTORY_LIMIT)));
    return storage !== undefined;
  } catch {
    return false;
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
