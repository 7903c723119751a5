import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { ApiError, jsonBody } from '../../lib/http';
import { isValidTimeZone, localDateOf } from '../../../src/domain/streaks';
import { weekStartOf } from '../../../src/domain/circles';
import { firstNameOf, unseenCircle } from './present';
import { createIdempotency } from '../../lib/idempotency';
import { occurredAtField, occurredAtMs } from '../listening/occurred-at';
import { createCirclesRepository, type CirclesRepository } from './repository';

const timeZone = z
  .string()
  .trim()
  .refine(isValidTimeZone, 'must be an IANA time zone such as Europe/London')
  .default('UTC');

function summaryOf(weekStart: string, who: { id: string; first_name: string }[], me: string) {
  return {
    weekStart,
    practisedBy: who.map((m) => firstNameOf(m.first_name)),
    practisedByMe: who.some((m) => m.id === me),
  };
}

/**
 * An asynchronous circle's shared practice of the week. The week is the member's own calendar
 * week (Monday to Sunday in their time zone), so "this week" never flips at a UTC midnight.
 *
 * GET  /voice-circles/:id/practice?tz=  200 {weekStart, practisedBy: firstName[], practisedByMe} | 403 | 404
 * POST /voice-circles/:id/practice      201 recorded | 200 already this week: same shape | 400 | 403 | 404
 *                                       body {timeZone, occurredAt?}; takes an Idempotency-Key (the
 *                                       app's outbox replays a practice marked offline)
 */
export function practiceRoutes(
  deps: AppDeps,
  repo: CirclesRepository,
  auth: MiddlewareHandler<AppEnv>,
  parseId: (raw: string) => number,
): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const idem = createIdempotency(deps);

  const memberCircle = async (rawId: string, me: string) => {
    const row = await repo.one(parseId(rawId), me);
    if (!row || (row.is_private === 1 && row.is_member === 0)) throw unseenCircle(row);
    if (!row.is_member)
      throw new ApiError(403, 'not_a_member', "Join this circle to share in its week's practice.");
    return row;
  };
  const weekOf = (tz: string) => weekStartOf(localDateOf(deps.now(), tz));
  const summary = async (circleId: number, weekStart: string, me: string) =>
    summaryOf(weekStart, await repo.practisedBy(circleId, weekStart), me);

  r.get('/voice-circles/:id/practice', auth, async (c) => {
    const row = await memberCircle(c.req.param('id'), c.var.user.id);
    const tz = timeZone.safeParse(c.req.query('tz') ?? undefined);
    if (!tz.success)
      throw new ApiError(400, 'validation_failed', 'tz must be an IANA time zone such as Europe/London.', {
        tz: 'invalid time zone',
      });
    return c.json(await summary(row.id, weekOf(tz.data), c.var.user.id));
  });

  r.post('/voice-circles/:id/practice', auth, async (c) => {
    const key = idem.keyOf(c);
    const me = c.var.user.id;
    const row = await memberCircle(c.req.param('id'), me);
    const body = await jsonBody(c, z.object({ timeZone, occurredAt: occurredAtField }).strict());
    // Marked offline, it counts for the week it was done in (bounded like a completion's).
    const at = occurredAtMs(body.occurredAt, deps.now());
    const weekStart = weekStartOf(localDateOf(at, body.timeZone));
    return idem.respond(c, key, async (tx) => {
      const circles = createCirclesRepository(tx);
      const created = await circles.practise(
        row.id,
        me,
        weekStart,
        new Date(at).toISOString(),
        body.timeZone,
      );
      const who = await circles.practisedBy(row.id, weekStart);
      return { status: created ? 201 : 200, body: summaryOf(weekStart, who, me) };
    });
  });

  return r;
}
