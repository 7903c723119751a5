import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency } from '../../lib/idempotency';
import { idField } from '../../lib/ids';
import { instantField, parseInstant } from '../../lib/dates';
import { localDateOf } from '../../../src/domain/streaks';
import { awardBadges } from '../achievements/award';
import { MAX_AHEAD_MS, MAX_LATE_MS, zoneAt } from '../listening/occurred-at';
import { createTemplateRepository } from '../templates/repository';
import { findVocalExercise } from '../../../src/domain/pitch-target/vocal-exercises';
import { assertFeature } from '../practice/feature-gate';
import { checkTake } from './check-take';
import { createPitchResultRepository } from './repository';
import { lockMember, MEMBER_LOCK } from '../../db/sql/member-lock';

const nullableNumber = (min: number, max: number, unit: string) =>
  z
    .number()
    .finite()
    .min(min, `must be ${min} to ${max} ${unit}`)
    .max(max, `must be ${min} to ${max} ${unit}`)
    .nullable();

const noteResult = z
  .object({
    target: z.string().max(40),
    centsOff: nullableNumber(-2400, 2400, 'cents'),
    heldFraction: nullableNumber(0, 1, '(a fraction)'),
    onsetMs: nullableNumber(0, 600_000, 'ms'),
  })
  .strict();

const resultBody = z
  .object({
    exerciseId: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be an exercise id such as hold-a3'),
    target: z.string().min(1, 'must not be empty').max(2000, 'must be at most 2000 characters'),
    notes: z.array(noteResult).min(1, 'must hold one result per note').max(64, 'at most 64 notes'),
    score: z.number().int('must be a whole number').min(0, 'must be 0-100').max(100, 'must be 0-100'),
    // The octave choice: 12 semitones down, none, or up (domain OctaveShift).
    shift: z.union([z.literal(-12), z.literal(0), z.literal(12)], { error: 'must be -12, 0 or 12' }),
    recordedAt: instantField(),
    templateId: idField('must be a template id').optional(),
  })
  .strict();

/**
 * Pitch-matching results (issue 22): a member's takes sung to a target, numbers only.
 *
 * POST /pitch-exercises/results   {exerciseId, target, notes[{target, centsOff, heldFraction, onsetMs}],
 *                                  score, shift, recordedAt, templateId?}
 *                                  → 201 the stored result | 400 naming the field | 401
 *                                  Idempotency-Key header: once per key | 422 key reused.
 *                                  409 take_overlaps: a take of the member's is saved within this
 *                                  take's length of recordedAt (nothing is stored).
 *                                  A tuning-room take adds its seconds to the practice ledger as
 *                                  partial practice (minutes; no tokens, no streak day); a take
 *                                  sung as a template step adds nothing there (the session's save
 *                                  counts that time).
 *                                  A take of the vocal exercises library (ids "vx-…", tier feature
 *                                  vocal_exercises) needs level 4: else 403 feature_locked.
 * GET  /pitch-exercises/results   200 the caller's own, newest first
 */
export function pitchExerciseRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const repo = createPitchResultRepository(deps.sql);
  const templates = createTemplateRepository(deps.sql);
  const auth = requireUser(deps);
  // Saved offline and replayed by the app's outbox: one key, one row.
  const idem = createIdempotency(deps);

  r.post('/pitch-exercises/results', auth, async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, resultBody);
    const take = checkTake(body);
    const now = deps.now();
    const at = parseInstant(body.recordedAt) as number; // checked by instantField
    // A take queued offline counts on the day it was sung, within the ledger's 72 hours.
    if (at > now + MAX_AHEAD_MS)
      throw new ApiError(400, 'validation_failed', 'Invalid recordedAt: it is in the future.', {
        recordedAt: 'in the future',
      });
    if (at < now - MAX_LATE_MS)
      throw new ApiError(
        400,
        'validation_failed',
        'Invalid recordedAt: results saved offline are accepted for 72 hours.',
        { recordedAt: 'older than 72 hours' },
      );
    if (body.templateId !== undefined && !(await templates.templateById(body.templateId)))
      throw new ApiError(
        400,
        'validation_failed',
        'Invalid templateId: there is no session template with this id.',
        {
          templateId: 'unknown template',
        },
      );
    const user = c.var.user;
    if (findVocalExercise(take.exercise.id)) await assertFeature(deps.sql, user.id, 'vocal_exercises');
    return idem.respond(c, key, async (tx) => {
      // 40 takes sent for one instant were 120 s "practised" in no time: takes cannot overlap.
      await lockMember(tx, MEMBER_LOCK.pitchTakes, user.id);
      const takes = createPitchResultRepository(tx);
      if (await takes.overlapping(user.id, at, take.seconds))
        throw new ApiError(
          409,
          'take_overlaps',
          'Another take is saved for this moment: takes are sung one after another, so this one was not saved.',
        );
      const zone = await zoneAt(tx, user.id, undefined, at);
      const stored = await takes.add(user.id, {
        exerciseId: take.exercise.id,
        title: take.exercise.title,
        focus: take.exercise.focus,
        target: take.target,
        notes: body.notes,
        score: body.score,
        shift: body.shift,
        durationSec: take.seconds,
        recordedAt: new Date(at).toISOString(),
        localDate: localDateOf(at, zone),
        templateId: body.templateId ?? null,
      });
      // Minutes practised may reach a badge's threshold.
      const newBadges = await awardBadges(tx, user.id, 'pitch-exercise', new Date(now));
      return { status: 201, body: { ...stored, newBadges } };
    });
  });

  r.get('/pitch-exercises/results', auth, async (c) => c.json(await repo.list(c.var.user.id)));

  return r;
}
