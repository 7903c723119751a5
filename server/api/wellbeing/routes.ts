import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency } from '../../lib/idempotency';
import { CHECK_IN_DAYS } from '../../../src/domain/check-in';
import { dayNumber, localDateOf } from '../../../src/domain/streaks';
import { effectiveZone } from '../listening/member-zone';
import { occurredAtMs, zoneAt } from '../listening/occurred-at';
import { requireFeature } from '../practice/feature-gate';
import { practiceEntries } from '../practice/ledger';
import { memberZone } from '../practice/zone';
import { createCheckInRepository, presentCheckIn } from './check-in-repository';
import { createFeelingsRepository, type FeelingRow } from './feelings-repository';
import { linkPractice } from './link-practice';
import { checkInBody, DEFAULT_WEEKS, feelingBody, RUN_KEY, weeksParam } from './rules';
import type { PracticeEntry } from '../practice/ledger';

const DAY_MS = 86_400_000;
/** The local date `days - 1` days before `today`, so the window holds `days` days. */
const firstDayOf = (today: string, days: number) =>
  new Date((dayNumber(today) - (days - 1)) * DAY_MS).toISOString().slice(0, 10);

/**
 * The daily check-in (tier feature daily_check_in, level 1) and emotion tracking (emotion_tracking,
 * level 2): docs/features/check-in-and-emotions.md. Every route needs a signed-in member whose
 * level opens the feature (403 feature_locked with words otherwise) and touches only their rows.
 * Days are the member's local days in the zone kept on the server (practice/zone.ts).
 *
 * GET  /check-ins                200 {today, checkIns}: the last 30 local days' check-ins, oldest first
 * POST /check-ins                200 {checkIn}: body {voice, energy, mood, note?, occurredAt?, timeZone?};
 *                                one per local day of occurredAt (default now; 72 h late at most):
 *                                a second one that day replaces the first unless it is older | 400
 *                                naming the field. Idempotency-Key: a replay is the same answer.
 * GET  /emotions[?weeks=N]       200 {today, feelings}: runs of the last N weeks (1-26, default 12),
 *                                newest first, each with the ledger practice it belongs to or null | 400
 * PUT  /emotions/:runKey         200 {feeling}: body {phase: before|after, emotion, kind, itemId,
 *                                occurredAt?, timeZone?}; sets that half of the run (a later tap wins)
 *                                | 400 naming the field | 409 the key belongs to another item.
 *                                Idempotency-Key as above.
 */
export function wellbeingRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const auth = requireUser(deps);
  const checkInGate = requireFeature(deps, 'daily_check_in');
  const emotionGate = requireFeature(deps, 'emotion_tracking');
  // Both writes may be made offline and replayed by the app's outbox: one key, one effect.
  const idem = createIdempotency(deps);

  r.get('/check-ins', auth, checkInGate, async (c) => {
    const userId = c.var.user.id;
    const today = localDateOf(deps.now(), await memberZone(deps.sql, userId, deps.now()));
    const rows = await createCheckInRepository(deps.sql).since(userId, firstDayOf(today, CHECK_IN_DAYS));
    return c.json({ today, checkIns: rows.map(presentCheckIn) });
  });

  r.post('/check-ins', auth, checkInGate, async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, checkInBody);
    const userId = c.var.user.id;
    const now = deps.now();
    const at = occurredAtMs(body.occurredAt, now);
    return idem.respond(c, key, async (tx) => {
      // The zone in force when the member tapped, read before the request's zone is noted.
      const zone = await zoneAt(tx, userId, body.timeZone, at);
      await effectiveZone(tx, userId, body.timeZone, now);
      const row = await createCheckInRepository(tx).upsert({
        userId,
        localDate: localDateOf(at, zone),
        voice: body.voice,
        energy: body.energy,
        mood: body.mood,
        note: body.note,
        checkedAt: new Date(at).toISOString(),
        now: new Date(now).toISOString(),
      });
      return { status: 200, body: { checkIn: presentCheckIn(row) } };
    });
  });

  r.get('/emotions', auth, emotionGate, async (c) => {
    const userId = c.var.user.id;
    const raw = c.req.query('weeks');
    const weeks =
      raw === undefined ? { success: true as const, data: DEFAULT_WEEKS } : weeksParam.safeParse(raw);
    if (!weeks.success)
      throw new ApiError(400, 'validation_failed', 'weeks must be a whole number from 1 to 26.', {
        weeks: 'must be a whole number from 1 to 26',
      });
    const today = localDateOf(deps.now(), await memberZone(deps.sql, userId, deps.now()));
    const from = firstDayOf(today, weeks.data * 7);
    const rows = await createFeelingsRepository(deps.sql).since(userId, from);
    // A day's slack: a practice just before the window's first day may still be a run's own.
    const entries = (await practiceEntries(deps.sql, userId)).filter(
      (e) => e.localDate >= firstDayOf(from, 2) && (e.kind === 'catalogue' || e.kind === 'template'),
    );
    const links = linkPractice(rows, entries);
    return c.json({ today, feelings: rows.map((row) => presentFeeling(row, links.get(Number(row.id)))) });
  });

  r.put('/emotions/:runKey', auth, emotionGate, async (c) => {
    const key = idem.keyOf(c);
    const runKey = c.req.param('runKey');
    if (!RUN_KEY.test(runKey))
      throw new ApiError(400, 'validation_failed', 'Invalid runKey: must be a UUID.', {
        runKey: 'must be a UUID',
      });
    const body = await jsonBody(c, feelingBody);
    const userId = c.var.user.id;
    const now = deps.now();
    const at = occurredAtMs(body.occurredAt, now);
    return idem.respond(c, key, async (tx) => {
      const zone = await zoneAt(tx, userId, body.timeZone, at);
      await effectiveZone(tx, userId, body.timeZone, now);
      const repo = createFeelingsRepository(tx);
      const run = runKey.toLowerCase();
      const written = await repo.set({
        userId,
        runKey: run,
        kind: body.kind,
        itemId: body.itemId,
        phase: body.phase,
        emotion: body.emotion,
        at: new Date(at).toISOString(),
        localDate: localDateOf(at, zone),
        now: new Date(now).toISOString(),
      });
      const row = written ?? (await repo.byRun(userId, run));
      if (!row || row.kind !== body.kind || Number(row.item_id) !== body.itemId)
        throw new ApiError(409, 'run_mismatch', 'This run key belongs to another practice. Send a new key.', {
          runKey: 'belongs to another practice',
        });
      return { status: 200, body: { feeling: presentFeeling(row, undefined) } };
    });
  });

  return r;
}

/** A run as the API answers it; `practice` only where a read linked it (link-practice.ts). */
function presentFeeling(row: FeelingRow, practice: PracticeEntry | undefined) {
  return {
    runKey: row.run_key,
    kind: row.kind,
    itemId: Number(row.item_id),
    before: row.before_emotion,
    after: row.after_emotion,
    localDate: row.local_date,
    practice: practice
      ? {
          title: practice.title,
          practisedAt: practice.practisedAt,
          localDate: practice.localDate,
          counted: practice.counted,
        }
      : null,
  };
}
