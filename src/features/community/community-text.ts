/** Pure helpers of the community screen. */
import { countText } from '../../lib/plural';

// The Chorus (spec: a fourth tab) comes with its feature (issue 32); a tab saying "coming soon"
// was a promise leading nowhere, so there is none until it is built.
export const COMMUNITY_TABS = [
  { key: 'pulse', label: 'The Pulse' },
  { key: 'loved', label: 'Most Echoed' },
  { key: 'reflections', label: 'Reflections' },
] as const;
export type CommunityTab = (typeof COMMUNITY_TABS)[number]['key'];

export { nextTabIndex } from '../../ui/tab-keys';

/** Short relative time, as the server's reflection timeAgo: 'just now', '5m ago', '3h ago', '2d ago'. */
export function shortTimeAgo(iso: string, nowMs: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const minutes = Math.floor(Math.max(0, nowMs - then) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d ago`;
  const weeks = Math.floor(days / 7);
  return weeks < 52 ? `${weeks}w ago` : `${Math.floor(days / 365)}y ago`;
}

export function initialOf(name: string): string {
  const first = name.trim().charAt(0);
  return first === '' ? '?' : first.toUpperCase();
}

export function echoesAndCounting(n: number): string {
  return `${countText(n, 'echo', 'echoes')} and counting`;
}

/** The first category, one of find/free/fine-tune/fun; find when missing or unknown. */
export function primaryCategory(category: readonly string[] | null | undefined): string {
  const first = (category?.[0] ?? '').trim().toLowerCase();
  return ['find', 'free', 'fine-tune', 'fun'].includes(first) ? first : 'find';
}

/** One entry per completed session, most recent first, for the reflection session selector. */
export function uniqueCompletedSessions<T extends { sessionId: number; kind?: string }>(
  rows: readonly T[],
): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = pickerValue(r);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/**
 * The add-reflection picker's value for a completed entry: catalogue sessions and guided
 * exercises (template sessions) have separate id spaces, so the kind is part of it.
 */
export function pickerValue(r: { sessionId: number; kind?: string }): string {
  return `${r.kind ?? 'catalogue'}:${r.sessionId}`;
}

/** The entry a picker value stands for; null for the empty choice or anything else. */
export function parsePickerValue(
  value: string,
): { kind: 'catalogue' | 'template'; sessionId: number } | null {
  const m = /^(catalogue|template):([1-9]\d*)$/.exec(value);
  return m ? { kind: m[1] as 'catalogue' | 'template', sessionId: Number(m[2]) } : null;
}

export function canSubmitReflection(sessionId: number | null, text: string, sending: boolean): boolean {
  return sessionId !== null && text.trim().length > 0 && !sending;
}
