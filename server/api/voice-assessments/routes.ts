import { Hono } from 'hono';
import { awardBadges } from '../achievements/award';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import { happenedProblem, parseInstant } from '../../lib/dates';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency } from '../../lib/idempotency';
import { parseId } from '../../lib/ids';
import { createAssessmentRepository } from './repository';
import { assessmentBody } from './schema';

/** A phone's clock may run a few minutes fast; a check further ahead did not happen yet. */
const AHEAD_MS = 5 * 60_000;

/**
 * The member's voice assessments (issue 21): the AVQI 03.01 and its six measures, computed on
 * the device; the server keeps numbers only. Saving a result is the member's own act (the
 * result screen's button), so no separate opt-in is asked (unlike the tuning room's history).
 *
 * POST   /voice-assessments       {avqi, cpps, hnr, shimmerPercent, shimmerDb, ltasSlope, ltasTilt,
 *                                  mptSeconds?, recordedAt, engineVersion} (Idempotency-Key)
 *                                 → 201 the stored assessment & {newBadges} (200 the same one, newBadges [],
 *                                 when that check was stored before) | 400 naming the field
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
    return idem.respond(c, key, async (tx) => {
      const stored = await createAssessmentRepository(tx).add(
        c.var.user.id,
        {
          ...body,
          // Normalised so the same instant is the same check whatever its spelling.
          recordedAt: new Date(body.recordedAt).toISOString(),
          mptSeconds: body.mptSeconds ?? null,
        },
        new Date(now).toISOString(),
      );
      // Every write that can award badges answers with them (issue 30): the result screen lists them.
      const newBadges = stored.created
        ? await awardBadges(tx, c.var.user.id, 'voice-assessment', new Date(now))
        : [];
      return { status: stored.created ? 201 : 200, body: { ...stored.assessment, newBadges } };
    });
  });

  r.get('/voice-assessments', auth, async (c) => c.json(await repo.list(c.var.user.id)));

  r.delete('/voice-assessments/:id', auth, async (c) => {
    if (!(await repo.remove(c.var.user.id, parseId(c.req.param('id'), 'assessment'))))
      throw new ApiError(404, 'assessment_not_found', 'You have no voice assessment with this id.');
    return c.body(null, 204);
  });

  return r;
}
