import { Hono } from 'hono';
import { readPractice } from '../practice/ledger';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency, forgetDeletedItem } from '../../lib/idempotency';
import { isValidTimeZone, localDateOf } from '../../../src/domain/streaks';
import { awardBadges } from '../achievements/award';
import { createMemberZones } from '../listening/member-zone';
import { computeInsights } from './insights';
import { presentBiometric, presentMood } from './present';
import { createWellnessRepository } from './repository';
import { biometricBody, biometricProblem, BIOMETRIC_TYPES, moodBody, recordedAtProblem } from './rules';
import { readVoiceSeries } from './voice-scores';
import { parseInstant } from '../../lib/dates';
import { parseId as parseIdText } from '../../lib/ids';

/** Spec 2 §9: recent mood entries 10, recent vitals 10. */
const RECENT_LIMIT = 10;
const daysParam = z
  .string()
  .regex(/^\d{1,2}$/)
  .transform(Number)
  .refine((n) => n >= 1 && n <= 90);

/**
 * The wellness API. Every route needs a signed-in member and touches only their own rows.
 *
 * GET    /mood-tracking[?days=N]     200 MoodEntry[]: newest 10, or all of the last N local days
 * POST   /mood-tracking              201 MoodEntry & {newBadges} | 400 naming the field
 *                                     (POSTs take an Idempotency-Key: a replay is the same answer)
 * DELETE /mood-tracking/:id          204 | 400 | 404 (also for another member's entry)
 * GET    /biometric-data[?days=N]    200 BiometricRecord[] (as above)
 * POST   /biometric-data             201 BiometricRecord | 400 naming the field
 * DELETE /biometric-data/:id         204 | 400 | 404
 * GET    /wellness-insights[?tz=]    200 {insights, progress} from the member's own data
 */
export function wellnessRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const repo = createWellnessRepository(deps.sql);
  const zones = createMemberZones(deps.sql);
  const auth = requireUser(deps);
  // Entries may be saved offline and replayed by the app's outbox: one key, one row.
  const idem = createIdempotency(deps);

  const parseId = (raw: string) => parseIdText(raw, 'record');
  /** ?days=N: the first local date of the window, in the member's zone. */
  const sinceDate = (raw: string | undefined, tz: string): string | null => {
    if (raw === undefined) return null;
    const parsed = daysParam.safeParse(raw);
    if (!parsed.success)
      throw new ApiError(400, 'validation_failed', 'days must be a whole number from 1 to 90.', {
        days: 'must be a whole number from 1 to 90',
      });
    return localDateOf(deps.now() - (parsed.data - 1) * 86_400_000, tz);
  };
  const zoneOf = async (raw: string | undefined, userId: string): Promise<string> => {
    if (raw === undefined) return zones.effectiveZone(userId, undefined, deps.now());
    if (!isValidTimeZone(raw))
      throw new ApiError(400, 'validation_failed', 'tz must be an IANA time zone such as Europe/London.', {
        tz: 'invalid time zone',
      });
    return raw;
  };
  /**
   * Resolves recordedAt (default now) and checks it against the clock and the account's age.
   * The local date comes from the member's stored zone (the reported one is noted for their
   * next day), as for completions, so one calendar day never holds entries of two zones.
   */
  const when = async (userId: string, raw: string | undefined, reported: string | undefined) => {
    const now = deps.now();
    const at = raw === undefined ? now : (parseInstant(raw) as number); // checked by instantField
    const created = Date.parse((await repo.accountCreatedAt(userId)) ?? new Date(now).toISOString());
    const problem = recordedAtProblem(at, now, created);
    if (problem)
      throw new ApiError(400, 'validation_failed', `Invalid recordedAt: ${problem}`, { recordedAt: problem });
    const tz = await zones.effectiveZone(userId, reported, now);
    return {
      recordedAt: new Date(at).toISOString(),
      localDate: localDateOf(at, tz),
      createdAt: new Date(now).toISOString(),
    };
  };

  r.get('/mood-tracking', auth, async (c) => {
    const userId = c.var.user.id;
    const since = sinceDate(c.req.query('days'), await zoneOf(c.req.query('tz'), userId));
    const rows =
      since === null
        ? await repo.recentMoods(userId, RECENT_LIMIT)
        : (await repo.moodsSince(userId, since)).reverse();
    return c.json(rows.map(presentMood));
  });

  r.post('/mood-tracking', auth, async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, moodBody);
    const userId = c.var.user.id;
    const times = await when(userId, body.recordedAt, body.timeZone);
    return idem.respond(c, key, async (tx) => {
      const { row, extra } = await createWellnessRepository(tx).addMood({ userId, ...body, ...times }, (t) =>
        awardBadges(t, userId, 'mood-entry'),
      );
      return { status: 201, body: { ...presentMood(row), newBadges: extra } };
    });
  });

  r.delete('/mood-tracking/:id', auth, async (c) => {
    const id = parseId(c.req.param('id'));
    if (!(await repo.deleteMood(c.var.user.id, id)))
      throw new ApiError(404, 'mood_entry_not_found', 'You have no mood entry with this id.');
    await forgetDeletedItem(deps.sql, c.var.user.id, 'POST /api/mood-tracking', id);
    return c.body(null, 204);
  });

  r.get('/biometric-data', auth, async (c) => {
    const userId = c.var.user.id;
    const since = sinceDate(c.req.query('days'), await zoneOf(c.req.query('tz'), userId));
    const rows =
      since === null
        ? await repo.recentBiometrics(userId, RECENT_LIMIT)
        : (await repo.biometricsSince(userId, since)).reverse();
    return c.json(rows.map(presentBiometric));
  });

  r.post('/biometric-data', auth, async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, biometricBody);
    const problem = biometricProblem(body);
    if (problem)
      throw new ApiError(400, 'validation_failed', `Invalid ${problem[0]}: ${problem[1]}`, {
        [problem[0]]: problem[1],
      });
    const userId = c.var.user.id;
    const times = await when(userId, body.recordedAt, body.timeZone);
    return idem.respond(c, key, async (tx) => {
      const row = await createWellnessRepository(tx).addBiometric({
        userId,
        dataType: body.dataType,
        value: body.value,
        unit: BIOMETRIC_TYPES[body.dataType].unit,
        sourceDevice: body.sourceDevice,
        ...times,
      });
      return { status: 201, body: presentBiometric(row) };
    });
  });

  r.delete('/biometric-data/:id', auth, async (c) => {
    const id = parseId(c.req.param('id'));
    if (!(await repo.deleteBiometric(c.var.user.id, id)))
      throw new ApiError(404, 'biometric_record_not_found', 'You have no biometric record with this id.');
    await forgetDeletedItem(deps.sql, c.var.user.id, 'POST /api/biometric-data', id);
    return c.body(null, 204);
  });

  r.get('/wellness-insights', auth, async (c) => {
    const userId = c.var.user.id;
    const tz = await zoneOf(c.req.query('tz'), userId);
    const [moods, bio, voice, practiceDays] = await Promise.all([
      repo.allMoods(userId),
      repo.biometricsSince(userId),
      readVoiceSeries(deps.sql, userId, tz),
      // Practice days are the ledger's (both kinds of session), as on every other screen.
      readPractice(deps.sql, userId, deps.now()).then((p) => p.summary.practiceDays),
    ]);
    return c.json(
      computeInsights({
        mood: moods.map((m) => ({ localDate: m.local_date, value: m.mood_score })),
        stress: moods.map((m) => ({ localDate: m.local_date, value: m.stress_level })),
        sleep: bio
          .filter((b) => b.data_type === 'sleep_quality')
          .map((b) => ({ localDate: b.local_date, value: b.value })),
        practiceDays,
        avqi: voice.avqi,
        cpps: voice.cpps,
      }),
    );
  });

  return r;
}
