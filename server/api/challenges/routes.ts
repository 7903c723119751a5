import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import type { SqlExecutor } from '../../db/sql';
import { dateField } from '../../lib/dates';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency } from '../../lib/idempotency';
import { idField, parseId } from '../../lib/ids';
import { lineText } from '../../lib/text';
import {
  CHALLENGE_FOCUSES,
  CHALLENGE_MEASURES,
  challengeRuleProblems,
  MAX_CHALLENGE_NAME,
  MAX_OPEN_CHALLENGES,
} from '../../../src/domain/challenges';
import { isValidTimeZone, localDateOf } from '../../../src/domain/streaks';
import { awardBadges } from '../achievements/award';
import { occurredAtField, occurredAtMs, zoneAt } from '../listening/occurred-at';
import { requireFeature } from '../practice/feature-gate';
import { readPractice } from '../practice/ledger';
import { readMasterProgress } from './master';
import { isOpen, mayDelete, presentChallenge, sortForList, type ChallengeView } from './present';
import { createChallengeRepository, type ChallengeRow } from './repository';

const challengeBody = z
  .object({
    name: lineText()
      .trim()
      .max(MAX_CHALLENGE_NAME, `must be at most ${MAX_CHALLENGE_NAME} characters`)
      .default(''),
    measure: z.enum(CHALLENGE_MEASURES, { error: `must be one of ${CHALLENGE_MEASURES.join(', ')}` }),
    target: z.number({ error: 'must be a whole number' }).int('must be a whole number'),
    focus: z
      .enum(CHALLENGE_FOCUSES, { error: `must be one of ${CHALLENGE_FOCUSES.join(', ')}, or null` })
      .nullish()
      .transform((v) => v ?? null),
    startDate: dateField(),
    endDate: dateField(),
    circleId: idField('must be the id of a circle you belong to')
      .nullish()
      .transform((v) => v ?? null),
    timeZone: z
      .string()
      .trim()
      .refine(isValidTimeZone, 'must be an IANA time zone such as Europe/London')
      .optional(),
    occurredAt: occurredAtField,
  })
  .strict();

const tooMany = () =>
  new ApiError(
    409,
    'too_many_challenges',
    `You have ${MAX_OPEN_CHALLENGES} open challenges, the most at once. Finish one, leave one or let one end before you take on another.`,
  );

/**
 * Challenges (docs/features/challenges.md): custom challenges (level 8) and master challenges
 * (level 10). Progress is each member's own, read from their practice ledger between the
 * challenge's local days; nothing about progress is stored. Writes take an Idempotency-Key (the
 * app queues them offline): one key, one effect, the same answer replayed.
 *
 * GET    /challenges                  200 {today, limit, openCount, metCount, challenges: Challenge[]}:
 *                                     the challenges the caller took on (a circle's only while they
 *                                     are in it), open first
 * POST   /challenges                  201 Challenge & {newBadges} | 400 naming the field | 403
 *                                     feature_locked (below level 8) | 403 not_a_member (circleId of a
 *                                     circle the caller is not in) | 404 no such circle | 409
 *                                     too_many_challenges. Body {name?, measure: days|minutes|sessions,
 *                                     target, focus?: find|free|fine-tune|fun|null, startDate, endDate
 *                                     (YYYY-MM-DD, local days, start not before today, within 30 days,
 *                                     at most 90 days long), circleId?, timeZone?, occurredAt?}
 * GET    /challenges/master           200 {since, challenges: Master[]} | 403 feature_locked (below level 10)
 * GET    /challenges/circles/:id      200 Challenge[]: the circle's challenges not ended yet | 403
 *                                     not_a_member (a public circle) | 404 (none, or private and not in it)
 * GET    /challenges/:id              200 Challenge | 404 (none, or not the caller's to read)
 * POST   /challenges/:id/join         201 joined | 200 already in: Challenge & {newBadges} | 404 | 409
 *                                     challenge_ended | 409 too_many_challenges
 * POST   /challenges/:id/leave        204 (a challenge of one's own is deleted) | 404
 * DELETE /challenges/:id              204 | 403 not_yours (only its creator or its circle's owner) | 404
 *
 * Challenge: {id, name, measure, target, focus, startDate, endDate, circle: {id, name} | null,
 * createdByMe, creatorName, canDelete, joined, joiners, state: open|upcoming|met|ended, daysLeft,
 * progress: {value, metOn} | null}; bad ids are 400 naming the id.
 */
export function challengeRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const repo = createChallengeRepository(deps.sql);
  const auth = requireUser(deps);
  const idem = createIdempotency(deps);
  const challengeId = (raw: string) => parseId(raw, 'challenge');

  /** The member's practice and today: one ledger read per request. */
  const practiceOf = (db: SqlExecutor, me: string) => readPractice(db, me, deps.now());

  const notFound = () => new ApiError(404, 'challenge_not_found', 'There is no challenge with this id.');

  /** The caller's challenges, presented and sorted; `open` counts those taking a place. */
  async function listOf(db: SqlExecutor, me: string) {
    const practice = await practiceOf(db, me);
    const list = sortForList(
      (await repo.mine(me, db)).map((row) => presentChallenge(row, me, practice.entries, practice.today)),
    );
    return { today: practice.today, list, open: list.filter(isOpen).length };
  }

  async function viewOf(db: SqlExecutor, row: ChallengeRow, me: string): Promise<ChallengeView> {
    const practice = await practiceOf(db, me);
    return presentChallenge(row, me, practice.entries, practice.today);
  }

  r.get('/challenges', auth, async (c) => {
    const me = c.var.user.id;
    // A challenge met since the last practice event is a badge the member should see now.
    await awardBadges(deps.sql, me, 'backfill', new Date(deps.now()));
    const { today, list, open } = await listOf(deps.sql, me);
    return c.json({
      today,
      limit: MAX_OPEN_CHALLENGES,
      openCount: open,
      metCount: list.filter((v) => v.state === 'met').length,
      challenges: list,
    });
  });

  r.post('/challenges', auth, requireFeature(deps, 'custom_challenges'), async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, challengeBody);
    const me = c.var.user.id;
    const now = deps.now();
    // A challenge set offline is judged on the day it was set (bounded like every queued write).
    const at = occurredAtMs(body.occurredAt, now);
    return idem.respond(c, key, async (tx) => {
      const today = localDateOf(at, await zoneAt(tx, me, body.timeZone, at));
      const problems = challengeRuleProblems(body, today);
      const first = Object.entries(problems)[0];
      if (first) throw new ApiError(400, 'validation_failed', `Invalid ${first[0]}: ${first[1]}`, problems);
      if (body.circleId !== null) {
        const circle = await repo.circle(body.circleId, me, tx);
        if (!circle || (circle.is_private === 1 && circle.is_member !== 1))
          throw new ApiError(404, 'circle_not_found', 'There is no circle with this id.', {
            circleId: 'no such circle',
          });
        if (circle.is_member !== 1)
          throw new ApiError(
            403,
            'not_a_member',
            'You can set a challenge only for a circle you belong to.',
            {
              circleId: 'not a circle you belong to',
            },
          );
      }
      await repo.lockMember(tx, me);
      if ((await listOf(tx, me)).open >= MAX_OPEN_CHALLENGES) throw tooMany();
      const id = await repo.create(tx, {
        creatorId: me,
        circleId: body.circleId,
        name: body.name,
        measure: body.measure,
        target: body.target,
        focus: body.focus,
        startDate: body.startDate,
        endDate: body.endDate,
        at: new Date(at).toISOString(),
      });
      const newBadges = await awardBadges(tx, me, 'challenge', new Date(now));
      const row = await repo.one(id, me, tx);
      if (!row) throw notFound();
      return { status: 201, body: { ...(await viewOf(tx, row, me)), newBadges } };
    });
  });

  r.get('/challenges/master', auth, requireFeature(deps, 'master_challenges'), async (c) => {
    const me = c.var.user.id;
    await awardBadges(deps.sql, me, 'backfill', new Date(deps.now()));
    return c.json(await readMasterProgress(deps.sql, me, deps.now()));
  });

  r.get('/challenges/circles/:circleId', auth, async (c) => {
    const me = c.var.user.id;
    const circleId = parseId(c.req.param('circleId'), 'circle', 'circleId');
    const circle = await repo.circle(circleId, me);
    if (!circle || (circle.is_private === 1 && circle.is_member !== 1))
      throw new ApiError(404, 'circle_not_found', 'There is no circle with this id.');
    if (circle.is_member !== 1)
      throw new ApiError(403, 'not_a_member', 'Join this circle to see its challenges.');
    const practice = await practiceOf(deps.sql, me);
    const rows = await repo.ofCircle(circleId, me, practice.today);
    return c.json(
      sortForList(rows.map((row) => presentChallenge(row, me, practice.entries, practice.today))),
    );
  });

  r.get('/challenges/:id', auth, async (c) => {
    const me = c.var.user.id;
    const row = await repo.one(challengeId(c.req.param('id')), me);
    if (!row) throw notFound();
    return c.json(await viewOf(deps.sql, row, me));
  });

  r.post('/challenges/:id/join', auth, async (c) => {
    const key = idem.keyOf(c);
    const id = challengeId(c.req.param('id'));
    const me = c.var.user.id;
    return idem.respond(c, key, async (tx) => {
      await repo.lockMember(tx, me);
      const row = await repo.one(id, me, tx);
      if (!row) throw notFound();
      if (row.joined === 1) return { status: 200, body: { ...(await viewOf(tx, row, me)), newBadges: [] } };
      const { today, open } = await listOf(tx, me);
      if (today > row.end_date)
        throw new ApiError(
          409,
          'challenge_ended',
          'This challenge has ended, so it can no longer be joined.',
        );
      if (open >= MAX_OPEN_CHALLENGES) throw tooMany();
      await repo.join(tx, id, me, new Date(deps.now()).toISOString());
      const newBadges = await awardBadges(tx, me, 'challenge', new Date(deps.now()));
      const joined = await repo.one(id, me, tx);
      if (!joined) throw notFound();
      return { status: 201, body: { ...(await viewOf(tx, joined, me)), newBadges } };
    });
  });

  r.post('/challenges/:id/leave', auth, async (c) => {
    const key = idem.keyOf(c);
    const id = challengeId(c.req.param('id'));
    const me = c.var.user.id;
    return idem.respond(c, key, async (tx) => {
      const row = await repo.one(id, me, tx);
      if (!row) throw notFound();
      // A challenge of one's own has nobody else in it: leaving it is deleting it.
      if (row.circle_id === null) await repo.remove(tx, id);
      else await repo.leave(tx, id, me);
      return { status: 204, body: null };
    });
  });

  r.delete('/challenges/:id', auth, async (c) => {
    const key = idem.keyOf(c);
    const id = challengeId(c.req.param('id'));
    const me = c.var.user.id;
    return idem.respond(c, key, async (tx) => {
      const row = await repo.one(id, me, tx);
      if (!row) throw notFound();
      if (!mayDelete(row, me))
        throw new ApiError(
          403,
          'not_yours',
          "Only the member who set this challenge, or the circle's owner, can delete it.",
        );
      await repo.remove(tx, id);
      return { status: 204, body: null };
    });
  });

  return r;
}
