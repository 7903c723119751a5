/**
 * Pure rules of voice circles, shared by the server (which owns the clock of a live session)
 * and the client (which only renders what the server's clock says).
 */

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Members may open a live session this long before it starts (the lobby). */
export const LOBBY_MS = 15 * 60 * 1000;

export const FOCUS_AREAS = ['confidence', 'stress_relief', 'creativity', 'healing', 'professional'] as const;
export const SKILL_LEVELS = ['all', 'beginner', 'intermediate', 'advanced'] as const;
export const SESSION_TYPES = ['real_time', 'asynchronous'] as const;
export type FocusArea = (typeof FOCUS_AREAS)[number];
export type SkillLevel = (typeof SKILL_LEVELS)[number];
export type SessionType = (typeof SESSION_TYPES)[number];

/**
 * The start of the weekly live session that is running now or comes next: the first
 * `first + k weeks` whose end (start + duration) is still ahead of `nowMs`.
 */
export function currentOrNextStart(firstMs: number, durationMin: number, nowMs: number): number {
  const durationMs = durationMin * 60_000;
  if (firstMs + durationMs > nowMs) return firstMs;
  const k = Math.ceil((nowMs - durationMs - firstMs) / WEEK_MS);
  const start = firstMs + k * WEEK_MS;
  return start + durationMs > nowMs ? start : start + WEEK_MS;
}

export interface TemplateStep {
  text: string;
  /** seconds */
  duration: number;
}

export type LivePhase = 'waiting' | 'active' | 'finished';

export interface StepPosition {
  phase: LivePhase;
  /** -1 while waiting; steps.length when finished. */
  index: number;
  /** When the current step (or the wait, or the session) began and ends, in ms since the epoch. */
  startsAt: number;
  endsAt: number;
}

/**
 * Where a live session is at `nowMs`: every member computes the same answer from the same
 * start time and steps, so with the server's clock they are on the same step at the same time.
 */
export function stepAt(steps: TemplateStep[], startMs: number, endMs: number, nowMs: number): StepPosition {
  if (nowMs < startMs) return { phase: 'waiting', index: -1, startsAt: startMs - LOBBY_MS, endsAt: startMs };
  let t = startMs;
  for (let i = 0; i < steps.length; i++) {
    const end = t + (steps[i]?.duration ?? 0) * 1000;
    if (nowMs < end) return { phase: 'active', index: i, startsAt: t, endsAt: end };
    t = end;
  }
  return { phase: 'finished', index: steps.length, startsAt: t, endsAt: Math.max(t, endMs) };
}

/** The Monday (YYYY-MM-DD) of the week containing a local date: the week of "this week". */
export function weekStartOf(localDate: string): string {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d);
  const weekday = (new Date(utc).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(utc - weekday * 86_400_000).toISOString().slice(0, 10);
}
