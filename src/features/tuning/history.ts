// The member's analysis history in local storage (spec: "Tuning room and recorder: no network
// calls ... local browser storage only"). Only the numeric summaries are kept, never audio.
// Whatever is in storage is untrusted: another tab, an old version or a hand edit may have
// written it, so every entry is validated and bad ones are dropped rather than crashing.
import { z } from 'zod';
import { storageKeys } from '../../lib/storage-keys';
import type { VoiceAnalysis } from './recording-summary';

/** Trend needs 20 sessions; a few hundred summaries are a few tens of kilobytes. */
export const HISTORY_LIMIT = 200;

const percentage = z.number().finite().min(0).max(100);

const analysisSchema = z.object({
  id: z.string().min(1).max(64),
  at: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date'),
  durationSec: z.number().finite().min(0),
  overall: percentage,
  clarity: percentage,
  stability: percentage,
  resonance: percentage,
  projection: percentage,
  breathiness: percentage,
  volume: percentage,
  pitchHz: z.number().finite().positive().nullable(),
  voicedFrames: z.number().int().min(0),
  pitchRangeSemitones: z.number().finite().min(0).nullable().optional(),
});

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
    const parsed = analysisSchema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
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
