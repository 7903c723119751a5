/** Pure helpers of the voice circles screens. */
import type { SessionType } from '../../domain/circles';

export const CIRCLE_TABS = [
  { key: 'discover', label: 'Discover' },
  { key: 'mine', label: 'My Circles' },
  { key: 'sessions', label: 'Sessions' },
] as const;
export type CircleTab = (typeof CIRCLE_TABS)[number]['key'];

export const EMPTY = {
  discover: 'No voice circles available yet',
  mine: "You haven't joined any circles yet",
  sessions: 'No upcoming sessions',
} as const;

const FOCUS_LABELS: Record<string, string> = {
  confidence: 'Confidence',
  stress_relief: 'Stress relief',
  creativity: 'Creativity',
  healing: 'Healing',
  professional: 'Professional',
};
const SKILL_LABELS: Record<string, string> = {
  all: 'All levels',
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};

/** The spec: a blank focus area shows General. */
export const focusLabel = (focus: string) => FOCUS_LABELS[focus] ?? 'General';
export const skillLabel = (skill: string) => SKILL_LABELS[skill] ?? skill;
export const typeLabel = (type: SessionType) => (type === 'real_time' ? 'Live' : 'In your own time');

function partsOf(iso: string, timeZone: string | undefined) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(new Date(iso));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: get('weekday'),
    day: get('day'),
    month: get('month'),
    time: `${get('hour')}:${get('minute')}`,
  };
}

/**
 * "Tuesday 8 December, 19:00": a session's moment in words, in the member's own zone (the one
 * the server keeps for them and sends with each circle; the device's when not given).
 */
export function formatWhen(iso: string, timeZone?: string): string {
  const p = partsOf(iso, timeZone);
  return `${p.weekday} ${p.day} ${p.month}, ${p.time}`;
}

/**
 * "Every Tuesday at 19:00": a live circle's weekly schedule, read from its next session in the
 * same zone, so the schedule and the next session can never name two days.
 */
export function weeklyWords(iso: string, timeZone?: string): string {
  const p = partsOf(iso, timeZone);
  return `Every ${p.weekday} at ${p.time}`;
}

export function scheduleLabel(scheduledTime: string | null, timeZone?: string): string {
  return scheduledTime === null ? 'Any time this week' : formatWhen(scheduledTime, timeZone);
}

/** The spec: submit needs a name that is not blank after trimming, and not while saving. */
export const canCreateCircle = (name: string, saving: boolean) => name.trim().length > 0 && !saving;

export const isFull = (c: { currentParticipants: number; maxParticipants: number }) =>
  c.currentParticipants >= c.maxParticipants;

/** "4:05" for a countdown in seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A datetime-local value (the member's local time) to a UTC ISO instant. */
export function localInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** The next full hour as a datetime-local value, the default first session of a live circle. */
export function defaultLocalStart(nowMs: number): string {
  const d = new Date(nowMs);
  d.setMinutes(0, 0, 0);
  d.setHours(d.getHours() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
