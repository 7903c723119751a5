import { countText, countWord } from '../../lib/plural';
import { MASTER_CHALLENGES, type ChallengeFocus, type ChallengeMeasure } from '../../domain/challenges';
import type { Challenge, MasterChallengeView, NewChallenge } from './challenges-api';

/** "5 Dec" for a local day (YYYY-MM-DD), read as that calendar day wherever the phone is. */
export function dayText(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

const UNIT: Record<ChallengeMeasure, string> = { days: 'day', minutes: 'minute', sessions: 'session' };

/** The challenge's rule in words: "Practise on 7 days", "120 minutes of fine-tune practice". */
export function ruleText(c: {
  measure: ChallengeMeasure;
  target: number;
  focus: ChallengeFocus | null;
}): string {
  const f = c.focus;
  switch (c.measure) {
    case 'days':
      return f
        ? `A ${f} session on ${countText(c.target, 'day')}`
        : `Practise on ${countText(c.target, 'day')}`;
    case 'minutes':
      return f
        ? `${countText(c.target, 'minute')} of ${f} practice`
        : `Practise for ${countText(c.target, 'minute')}`;
    case 'sessions':
      return f ? `${c.target} ${f} ${countWord(c.target, 'session')}` : countText(c.target, 'session');
  }
}

/** Its heading: the name its creator gave it, else its rule. */
export const titleOf = (c: Challenge | NewChallenge) => c.name.trim() || ruleText(c);

/** "7 Dec – 13 Dec" (a single day once). */
export function datesText(startDate: string, endDate: string): string {
  return startDate === endDate ? dayText(startDate) : `${dayText(startDate)} – ${dayText(endDate)}`;
}

/**
 * Where the member stands, in plain words first: "4 of 7 days — 3 to go, 5 days left";
 * "Met on 5 Dec: 7 of 7 days"; "Ended on 13 Dec with 4 of 7 days"; "Starts on 10 Dec: 7 days
 * to do it". For a circle challenge the member has not joined: when it runs and who is in it.
 */
export function progressText(c: Challenge): string {
  const unit = (n: number) => countWord(n, UNIT[c.measure]);
  const value = c.progress?.value ?? 0;
  const of = `${Math.min(value, c.target)} of ${c.target} ${unit(c.target)}`;
  if (!c.progress) {
    const who = countText(c.joiners, 'member');
    return c.state === 'upcoming'
      ? `Starts on ${dayText(c.startDate)} and runs ${countText(c.daysLeft, 'day')} · ${who} in it`
      : `${c.daysLeft === 1 ? 'Last day today' : `${countText(c.daysLeft, 'day')} left`} · ${who} in it`;
  }
  switch (c.state) {
    case 'met':
      return `Met on ${dayText(c.progress.metOn ?? c.endDate)}: ${of}`;
    case 'ended':
      return `Ended on ${dayText(c.endDate)} with ${of}`;
    case 'upcoming':
      return `Starts on ${dayText(c.startDate)}: ${countText(c.daysLeft, 'day')} to do it`;
    case 'open': {
      const left = c.daysLeft === 1 ? 'last day today' : `${countText(c.daysLeft, 'day')} left`;
      return `${of} — ${c.target - value} to go, ${left}`;
    }
  }
}

/** The bar's share: progress towards the target, 0-100. */
export const percentOf = (value: number, target: number) =>
  target > 0 ? Math.min(100, Math.round((value / target) * 100)) : 0;

/** A master challenge's progress in words: "12 of 30 days in a row", "Met on 5 Dec". */
export function masterText(m: MasterChallengeView): string {
  const words = MASTER_CHALLENGES.find((d) => d.id === m.id)?.unit ?? { one: '', other: '' };
  const unit = m.target === 1 ? words.one : words.other;
  const of = `${Math.min(m.value, m.target).toLocaleString('en-GB')} of ${m.target.toLocaleString('en-GB')} ${unit}`;
  return m.metOn ? `Met on ${dayText(m.metOn)}: ${of}` : of;
}
