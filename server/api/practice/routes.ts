import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency } from '../../lib/idempotency';
import { instantField, parseInstant } from '../../lib/dates';
import { localDateOf } from '../../../src/domain/streaks';
import { nextMilestone, STREAK_MILESTONES } from '../../../src/domain/streak-rewards';
import { awardBadges } from '../achievements/award';
import { MAX_AHEAD_MS, MAX_LATE_MS, zoneAt } from '../listening/occurred-at';
import { minutesOf, readPractice } from './ledger';
import { recordingOverlaps, recordRecording } from './recordings';
import { requireFeature } from './feature-gate';
import { streakRewardsOf } from './streak-rewards';

const recordingBody = z
  .object({
    recordedAt: instantField('must be an ISO 8601 time such as 2026-11-26T07:30:00Z'),
    durationSec: z
      .number({ error: 'must be a number of seconds' })
      .finite()
      .gt(0, 'must be more than 0 seconds')
      .max(7200, 'must be at most 7200 seconds'),
  })
  .strict();

/**
 * Practice that is not a session, and streak rewards (issue 30).
 *
 * POST /practice/recordings   {recordedAt, durationSec} a recording in the tuning room, whether or
 *                             not the member keeps its numbers (those go to /voice-analyses only
 *                             by their choice): its minutes are practice, never a session (no
 *                             tokens, no streak day). 201 {recorded: true, practisedSec, minutes,
 *                             localDate, newBadges} | 200 {recorded: false, …, newBadges: []} the
 *                             same recording again (same member and instant: a unique key)
 *                             | 400 naming the field (recordedAt in the future or older than 72 h)
 *                             | 409 recording_overlaps: another recording of the member's lies
 *                             within this one's length of recordedAt (nothing is counted)
 *                             | 401. Idempotency-Key honoured (the outbox sends it once).
 * GET  /streak-rewards        200 {currentStreak, longestStreak, milestones: [{days, bonus,
 *                             reachedThisRun}], earned: [{days, bonus, runStart, localDate}],
 *                             next: {days, bonus, daysToGo} | null, today} | 401
 *                             | 403 feature_locked (below level 3)
 */
export function practiceRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const auth = requireUser(deps);
  const idem = createIdempotency(deps);

  r.post('/practice/recordings', auth, async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, recordingBody);
    const now = deps.now();
    const at = parseInstant(body.recordedAt) as number; // checked by instantField
    // A recording queued offline counts on the day it was made, within the ledger's 72 hours.
    if (at > now + MAX_AHEAD_MS)
      throw new ApiError(400, 'validation_failed', 'Invalid recordedAt: it is in the future.', {
        recordedAt: 'in the future',
      });
    if (at < now - MAX_LATE_MS)
      throw new ApiError(
        400,
        'validation_failed',
        'Invalid recordedAt: recordings saved offline are accepted for 72 hours.',
        { recordedAt: 'older than 72 hours' },
      );
    const userId = c.var.user.id;
    return idem.respond(c, key, async (tx) => {
      const zone = await zoneAt(tx, userId, undefined, at);
      const localDate = localDateOf(at, zone);
      const practisedSec = Math.round(body.durationSec);
      const recordedAt = new Date(at).toISOString();
      if (await recordingOverlaps(tx, userId, recordedAt, practisedSec))
        throw new ApiError(
          409,
          'recording_overlaps',
          'Another recording is saved for this moment: recordings are made one after another, so this one was not counted.',
        );
      const id = await recordRecording(tx, userId, recordedAt, localDate, practisedSec);
      const newBadges = id === null ? [] : await awardBadges(tx, userId, 'recording', new Date(now));
      return {
        status: id === null ? 200 : 201,
        body: {
          recorded: id !== null,
          practisedSec,
          minutes: minutesOf(practisedSec),
          localDate,
          newBadges,
        },
      };
    });
  });

  r.get('/streak-rewards', auth, requireFeature(deps, 'streak_rewards'), async (c) => {
    const userId = c.var.user.id;
    const { summary, today } = await readPractice(deps.sql, userId, deps.now());
    const earned = await streakRewardsOf(deps.sql, userId);
    const current = summary.streaks.current;
    // The current run began `current` days before its last day (today or yesterday).
    const lastDay = summary.practiceDays[summary.practiceDays.length - 1];
    const runStart = current > 0 && lastDay ? shiftDay(lastDay, 1 - current) : null;
    return c.json({
      today,
      currentStreak: current,
      longestStreak: summary.streaks.longest,
      milestones: STREAK_MILESTONES.map((m) => ({
        ...m,
        reachedThisRun: earned.some((e) => e.days === m.days && e.runStart === runStart),
      })),
      earned,
      next: nextMilestone(current),
    });
  });

  return r;
}

function shiftDay(day: string, by: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + by);
  return d.toISOString().slice(0, 10);
}
