import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { assertSelf, requireUser } from '../../auth/caller';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency, forgetDeletedItem } from '../../lib/idempotency';
import { awardBadges } from '../achievements/award';
import { BADGE_CATEGORIES, BADGES, badgeById, presentBadge } from './badges';
import { buildCalendar } from './calendar';
import { createGoalRepository } from './goal-repository';
import { createGrowthRepository } from './growth-repository';
import { buildJourney } from './journey';
import { buildPracticeWeek, MAX_WEEKS_BACK } from './practice-week';
import { dateField, targetDateProblem } from '../../lib/dates';
import { parseId } from '../../lib/ids';
import { readPractice } from '../practice/ledger';
import { memberTimeZone } from './member-zone';
import { localDateOf } from '../../../src/domain/streaks';
import {
  GOAL_METRIC_KEYS,
  goalTargetProblem,
  type GoalMetricKey,
} from '../../../src/domain/voice/goal-targets';

const goalBody = z
  .object({
    metric: z.enum(GOAL_METRIC_KEYS as [GoalMetricKey, ...GoalMetricKey[]], {
      error: `must be one of ${GOAL_METRIC_KEYS.join(', ')}`,
    }),
    // The range depends on the metric's unit: checked by goalTargetProblem.
    targetValue: z.number({ error: 'must be a number' }).finite('must be a number'),
    targetDate: dateField(),
  })
  .strict();

/**
 * Achievements, journey progress, the streak calendar and voice goals. Every /users/:id route
 * is the caller's own only (403 otherwise). Reads back-fill badges first, so a member who
 * qualified before a rule existed (or through an event without a hook) sees it unlocked.
 *
 * GET    /achievement-badges[?category=]   200 Badge[] | 400 unknown category
 * GET    /users/:id/achievements           200 {id, badgeId, unlockedAt}[] | 401 | 403
 * GET    /users/:id/journey-progress       200 journey (spec §3) | 401 | 403
 * GET    /users/:id/calendar?month=YYYY-MM 200 calendar month | 400 | 401 | 403
 * GET    /users/:id/practice-week?back=N   200 {start, end, sessions, practiceMinutes, recordingMinutes,
 *                                          minutes, listeningMinutes, recordings}: 7 local days ending
 *                                          today (N weeks earlier), all from the ledger (recordings
 *                                          kept or not) | 400 bad back | 401 | 403
 * GET    /voice-goals                      200 Goal[]
 * POST   /voice-goals                      201 Goal | 400 naming the field (Idempotency-Key): a measured
 *                                          metric (AVQI, CPPS, maximum phonation time; resonance and
 *                                          tension are not measured yet) and a target in its unit
 * DELETE /voice-goals/:id                  204 | 404
 */
export function growthRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const repo = createGrowthRepository(deps.sql);
  const goals = createGoalRepository(deps.sql);
  const auth = requireUser(deps);
  // A goal may be set offline and replayed by the app's outbox: one key, one goal.
  const idem = createIdempotency(deps);
  // Outside a transaction: each award is one ON CONFLICT DO NOTHING insert, exactly once anyway.
  const backfill = (userId: string) => awardBadges(deps.sql, userId, 'backfill', new Date(deps.now()));

  r.get('/achievement-badges', (c) => {
    const category = c.req.query('category');
    if (
      category !== undefined &&
      category !== 'all' &&
      !(BADGE_CATEGORIES as readonly string[]).includes(category)
    ) {
      throw new ApiError(
        400,
        'validation_failed',
        `Invalid category: must be one of ${BADGE_CATEGORIES.join(', ')}`,
        {
          category: 'unknown category',
        },
      );
    }
    const list = category && category !== 'all' ? BADGES.filter((b) => b.category === category) : BADGES;
    return c.json(list.map(presentBadge));
  });

  r.get('/users/:id/achievements', auth, async (c) => {
    assertSelf(c.var.user, c.req.param('id'));
    await backfill(c.var.user.id);
    return c.json(
      (await repo.achievements(c.var.user.id))
        .filter((a) => badgeById.has(a.badge_id))
        .map((a) => ({ id: a.id, badgeId: a.badge_id, unlockedAt: a.unlocked_at })),
    );
  });

  r.get('/users/:id/journey-progress', auth, async (c) => {
    assertSelf(c.var.user, c.req.param('id'));
    await backfill(c.var.user.id);
    const practice = await readPractice(deps.sql, c.var.user.id, deps.now());
    return c.json(await buildJourney(repo, c.var.user.id, practice));
  });

  r.get('/users/:id/practice-week', auth, async (c) => {
    assertSelf(c.var.user, c.req.param('id'));
    const raw = c.req.query('back') ?? '0';
    if (!/^\d{1,3}$/.test(raw) || Number(raw) > MAX_WEEKS_BACK) {
      throw new ApiError(400, 'validation_failed', `Invalid back: must be 0-${MAX_WEEKS_BACK} weeks`, {
        back: `must be a whole number of weeks, 0-${MAX_WEEKS_BACK}`,
      });
    }
    const practice = await readPractice(deps.sql, c.var.user.id, deps.now());
    return c.json(buildPracticeWeek(practice, Number(raw)));
  });

  r.get('/users/:id/calendar', auth, async (c) => {
    assertSelf(c.var.user, c.req.param('id'));
    const practice = await readPractice(deps.sql, c.var.user.id, deps.now());
    const month = c.req.query('month') ?? practice.today.slice(0, 7);
    const m = /^(\d{4})-(\d{2})$/.exec(month);
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 12 || Number(m[1]) < 2000 || Number(m[1]) > 2100) {
      throw new ApiError(400, 'validation_failed', 'Invalid month: must be YYYY-MM', {
        month: 'must be YYYY-MM',
      });
    }
    await backfill(c.var.user.id);
    return c.json(await buildCalendar(repo, c.var.user.id, month, practice));
  });

  r.get('/voice-goals', auth, async (c) => c.json(await goals.list(c.var.user.id)));

  r.post('/voice-goals', auth, async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, goalBody);
    const unmeasurable = goalTargetProblem(body.metric, body.targetValue);
    if (unmeasurable)
      throw new ApiError(400, 'validation_failed', `Invalid ${unmeasurable[0]}: ${unmeasurable[1]}`, {
        [unmeasurable[0]]: unmeasurable[1],
      });
    const today = localDateOf(deps.now(), await memberTimeZone(deps.sql, c.var.user.id)); // the member's own day
    const problem = targetDateProblem(body.targetDate, today);
    if (problem)
      throw new ApiError(400, 'validation_failed', `Invalid targetDate: ${problem}`, { targetDate: problem });
    const at = new Date(deps.now()).toISOString();
    return idem.respond(c, key, async (tx) => ({
      status: 201,
      body: await createGoalRepository(tx).add(c.var.user.id, body, at),
    }));
  });

  r.delete('/voice-goals/:id', auth, async (c) => {
    const id = parseId(c.req.param('id'), 'goal');
    if (!(await goals.remove(c.var.user.id, id)))
      throw new ApiError(404, 'goal_not_found', 'You have no goal with this id.');
    await forgetDeletedItem(deps.sql, c.var.user.id, 'POST /api/voice-goals', id);
    return c.body(null, 204);
  });

  return r;
}
