import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import { happenedProblem, parseInstant } from '../../lib/dates';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency, forgetDeletedItem } from '../../lib/idempotency';
import { parseId } from '../../lib/ids';
import { paramBeforeGate, requireFeature } from '../practice/feature-gate';
import { rangeProblem } from './checks';
import { createRangeRepository, type RangeOut } from './repository';
import { rangeBody, type RangeBody } from './schema';

/** A phone's clock may run a few minutes fast; a check further ahead did not happen yet. */
const AHEAD_MS = 5 * 60_000;

/**
 * The member's range checks (issue 31, "voice range tracking", level 6): the voice range
 * profile measured on the device from glides and held notes; the server keeps numbers only.
 * Every route is closed below level 6 (403 feature_locked with words).
 *
 * POST   /voice-ranges       {lowestHz, highestHz, rangeSemitones, profile: [{semitone, minDb, maxDb}],
 *                             levels: 'spl'|'relative', softestDb? (dB SPL, only with 'spl'),
 *                             recordedAt, engineVersion} (Idempotency-Key)
 *                            → 201 the stored check (200 the same one when it was stored before)
 *                            | 400 naming the field (out of bounds, a rangeSemitones that does not
 *                            follow from the two Hz to 0.1, a profile out of order or with levels
 *                            of the other kind, a softestDb without calibration or not the
 *                            profile's softest) | 403 feature_locked | 409 range_conflict: a check at
 *                            this recordedAt is stored with other numbers (nothing is changed)
 * GET    /voice-ranges       200 the caller's own, newest first | 403 feature_locked
 * DELETE /voice-ranges/:id   204 | 400 a malformed id | 403 feature_locked | 404 (not the caller's or gone)
 */
export function voiceRangeRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const repo = createRangeRepository(deps.sql);
  const auth = requireUser(deps);
  const gate = requireFeature(deps, 'voice_range_tracking');
  // A check may be saved offline and replayed by the app's outbox: one key, one row.
  const idem = createIdempotency(deps);

  r.post('/voice-ranges', auth, gate, async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, rangeBody);
    const now = deps.now();
    const created = Date.parse((await repo.accountCreatedAt(c.var.user.id)) ?? new Date(now).toISOString());
    const problem = happenedProblem(parseInstant(body.recordedAt) as number, now, created, AHEAD_MS);
    if (problem) {
      throw new ApiError(400, 'validation_failed', `Invalid recordedAt: ${problem}`, { recordedAt: problem });
    }
    const wrong = rangeProblem(body);
    if (wrong) {
      const [field, why] = wrong;
      throw new ApiError(400, 'validation_failed', `Invalid ${field}: ${why}`, { [field]: why });
    }
    return idem.respond(c, key, async (tx) => {
      const stored = await createRangeRepository(tx).add(
        c.var.user.id,
        {
          ...body,
          // Normalised so the same instant is the same check whatever its spelling.
          recordedAt: new Date(body.recordedAt).toISOString(),
          softestDb: body.softestDb ?? null,
        },
        new Date(now).toISOString(),
      );
      // The same instant with other numbers is another check, not a replay: say so rather
      // than answer the old row as if the new numbers were kept.
      if (!stored.created && !sameCheck(stored.range, body))
        throw new ApiError(
          409,
          'range_conflict',
          'A range check recorded at this moment is already saved with other numbers; nothing was changed.',
        );
      return { status: stored.created ? 201 : 200, body: stored.range };
    });
  });

  r.get('/voice-ranges', auth, gate, async (c) => c.json(await repo.list(c.var.user.id)));

  const rangeId = paramBeforeGate((raw) => parseId(raw, 'range check'));
  r.delete('/voice-ranges/:id', auth, rangeId, gate, async (c) => {
    const id = parseId(c.req.param('id'), 'range check');
    if (!(await repo.remove(c.var.user.id, id)))
      throw new ApiError(404, 'range_not_found', 'You have no range check with this id.');
    await forgetDeletedItem(deps.sql, c.var.user.id, 'POST /api/voice-ranges', id);
    return c.body(null, 204);
  });

  return r;
}

/** The stored check and a re-sent one carry the same numbers (stored as sent, as doubles). */
function sameCheck(stored: RangeOut, sent: RangeBody): boolean {
  return (
    stored.lowestHz === sent.lowestHz &&
    stored.highestHz === sent.highestHz &&
    stored.rangeSemitones === sent.rangeSemitones &&
    stored.levels === sent.levels &&
    stored.softestDb === (sent.softestDb ?? null) &&
    stored.engineVersion === sent.engineVersion &&
    JSON.stringify(stored.profile) ===
      JSON.stringify(sent.profile.map((p) => ({ semitone: p.semitone, minDb: p.minDb, maxDb: p.maxDb })))
  );
}
