import { Hono } from 'hono';
import { awardBadges } from '../achievements/award';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import { happenedProblem, parseInstant } from '../../lib/dates';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency, forgetDeletedItem } from '../../lib/idempotency';
import { parseId } from '../../lib/ids';
import { createAssessmentRepository, type AssessmentOut } from './repository';
import { assessmentBody, type AssessmentBody } from './schema';
import { avqiFromMeasures } from '../../../src/domain/voice/avqi';

/** A phone's clock may run a few minutes fast; a check further ahead did not happen yet. */
const AHEAD_MS = 5 * 60_000;

/**
 * How far a sent AVQI may be from the formula over its sent measures: the device computes it
 * with the same function (src/domain/voice/avqi.ts), so only rounding separates them; a number
 * that does not follow from its measures is not this engine's result.
 */
const AVQI_SLACK = 0.05;

/**
 * The member's voice assessments (issue 21): the AVQI 03.01 and its six measures, computed on
 * the device; the server keeps numbers only. Saving a result is the member's own act (the
 * result screen's button), so no separate opt-in is asked (unlike the tuning room's history).
 *
 * POST   /voice-assessments       {avqi, cpps, hnr, shimmerPercent, shimmerDb, ltasSlope, ltasTilt,
 *                                  mptSeconds?, jitterPercent? (0-30 %), recordedAt, engineVersion}
 *                                 (Idempotency-Key)
 *                                 → 201 the stored assessment & {newBadges} (200 the same one, newBadges [],
 *                                 when that check was stored before) | 400 naming the field (an avqi
 *                                 that does not follow from the six measures by AVQI 03.01 too)
 *                                 | 409 assessment_conflict: a check at this recordedAt is stored
 *                                 with other numbers (nothing is changed)
 * GET    /voice-assessments       200 the caller's own, newest first
 * DELETE /voice-assessments/:id   204 | 404 (not the caller's or gone)
 */
export function voiceAssessmentRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const repo = createAssessmentRepository(deps.sql);
  const auth = requireUser(deps);
  // A result may be saved offline and replayed by the app's outbox: one key, one row.
  const idem = createIdempotency(deps);

  r.post('/voice-assessments', auth, async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, assessmentBody);
    const now = deps.now();
    const created = Date.parse((await repo.accountCreatedAt(c.var.user.id)) ?? new Date(now).toISOString());
    const problem = happenedProblem(parseInstant(body.recordedAt) as number, now, created, AHEAD_MS);
    if (problem) {
      throw new ApiError(400, 'validation_failed', `Invalid recordedAt: ${problem}`, { recordedAt: problem });
    }
    const expected = avqiFromMeasures(body);
    if (Math.abs(body.avqi - expected) > AVQI_SLACK) {
      const why = `must follow from the six measures by the AVQI 03.01 formula (${expected.toFixed(2)})`;
      throw new ApiError(400, 'validation_failed', `Invalid avqi: ${why}`, { avqi: why });
    }
    return idem.respond(c, key, async (tx) => {
      const stored = await createAssessmentRepository(tx).add(
        c.var.user.id,
        {
          ...body,
          // Normalised so the same instant is the same check whatever its spelling.
          recordedAt: new Date(body.recordedAt).toISOString(),
          mptSeconds: body.mptSeconds ?? null,
          jitterPercent: body.jitterPercent ?? null,
        },
        new Date(now).toISOString(),
      );
      // Every write that can award badges answers with them (issue 30): the result screen lists them.
      // The same instant with other numbers is another result, not a replay: say so rather
      // than answer the old row as if the new numbers were kept.
      if (!stored.created && !sameCheck(stored.assessment, body))
        throw new ApiError(
          409,
          'assessment_conflict',
          'A voice check recorded at this moment is already saved with other numbers; nothing was changed.',
        );
      const newBadges = stored.created
        ? await awardBadges(tx, c.var.user.id, 'voice-assessment', new Date(now))
        : [];
      return { status: stored.created ? 201 : 200, body: { ...stored.assessment, newBadges } };
    });
  });

  r.get('/voice-assessments', auth, async (c) => c.json(await repo.list(c.var.user.id)));

  r.delete('/voice-assessments/:id', auth, async (c) => {
    const id = parseId(c.req.param('id'), 'assessment');
    if (!(await repo.remove(c.var.user.id, id)))
      throw new ApiError(404, 'assessment_not_found', 'You have no voice assessment with this id.');
    await forgetDeletedItem(deps.sql, c.var.user.id, 'POST /api/voice-assessments', id);
    return c.body(null, 204);
  });

  return r;
}

const MEASURES = ['avqi', 'cpps', 'hnr', 'shimmerPercent', 'shimmerDb', 'ltasSlope', 'ltasTilt'] as const;

/** The stored check and a re-sent one carry the same numbers (stored as sent, as doubles). */
function sameCheck(stored: AssessmentOut, sent: AssessmentBody): boolean {
  return (
    MEASURES.every((k) => stored[k] === sent[k]) &&
    stored.mptSeconds === (sent.mptSeconds ?? null) &&
    stored.jitterPercent === (sent.jitterPercent ?? null) &&
    stored.engineVersion === sent.engineVersion
  );
}
