import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import { ApiError, jsonBody } from '../../lib/http';
import { presentMostEchoed, presentPulse, presentReflection } from './present';
import { createCommunityRepository } from './repository';
import { createIdempotency } from '../../lib/idempotency';
import { multilineText } from '../../lib/text';
import { idField, parseId } from '../../lib/ids';

const PULSE_LIMIT = 30;
const REFLECTIONS_LIMIT = 50;
const RECENT_LIMIT = 5;

const reflectionBody = z.object({
  sessionId: idField(),
  // Issue 20: a guided exercise (template session) can be reflected on too; `sessionId` is then
  // the template's id, as in the completed list. Absent: a catalogue session (older clients).
  kind: z.enum(['catalogue', 'template']).default('catalogue'),
  reflectionText: multilineText()
    .trim()
    .min(1, 'must not be empty')
    .max(2000, 'must be at most 2000 characters'),
  anonymous: z.boolean().default(true),
});

/**
 * The community API. Every route needs a signed-in member; who is calling comes from the token.
 * Privacy: only reflections a member chose to share (POST /community/reflections) are listed;
 * those written privately in the player are never shown here.
 *
 * GET  /community/pulse                 200 PulseItem[] (latest 30 completions of all members)
 * GET  /community/recent-activity       200 {type, id, text, at}[] (5 newest pulse items + shared reflections)
 * GET  /community/most-echoed           200 {id,title,echoes,category,skill_level}[] (echoes >= 1, most first)
 * GET  /community/chorus-groups         200 [] (no chorus groups exist until the Chorus is built, issue 32)
 * GET  /community/reflections           200 Reflection[] (shared, newest first, at most 50)
 * GET  /community/reflections?userId=   200 the caller's own SHARED reflections | 403 for another id
 *                                       (private player reflections stay out of the community API)
 * POST /community/reflections           201 Reflection | 400 | 403 session not completed (or unknown)
 *                                       body {sessionId, kind?: 'catalogue' | 'template', reflectionText,
 *                                       anonymous?}; Reflection carries `kind` and the item's title
 * POST /community/reflections/:id/echo  200 {echoes, newBadges} | 400 | 404 (idempotent per member)
 * POST /community/pulse/:id/echo        200 {echoes, newBadges} | 400 | 404 (idempotent per member)
 * The three POSTs honour an Idempotency-Key header (server/lib/idempotency.ts): one effect per
 * key, the same answer again; the key reused for another body is 422.
 */
export function communityRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const repo = createCommunityRepository(deps.sql);
  const auth = requireUser(deps);
  const idem = createIdempotency(deps);

  const isoNow = () => new Date(deps.now()).toISOString();

  r.get('/community/pulse', auth, async (c) => c.json((await repo.pulse(PULSE_LIMIT)).map(presentPulse)));

  r.get('/community/recent-activity', auth, async (c) => {
    const now = deps.now();
    const pulse = (await repo.pulse(RECENT_LIMIT)).map((row) => {
      const item = presentPulse(row);
      return {
        type: 'completion' as const,
        id: item.id,
        text: `${item.userName} completed ${item.sessionTitle}`,
        at: item.completedAt,
      };
    });
    const reflections = (await repo.sharedReflections(RECENT_LIMIT)).map((row) => {
      const item = presentReflection(row, now);
      return { type: 'reflection' as const, id: item.id, text: item.content, at: item.createdAt };
    });
    const merged = [...pulse, ...reflections].sort((a, b) => b.at.localeCompare(a.at)).slice(0, RECENT_LIMIT);
    return c.json(merged);
  });

  r.get('/community/most-echoed', auth, async (c) =>
    c.json((await repo.mostEchoed()).map(presentMostEchoed)),
  );

  // The true answer today: there is no chorus group anywhere (the Chorus is issue 32's, and the
  // community screen shows no Chorus tab until then).
  r.get('/community/chorus-groups', auth, (c) => c.json([]));

  r.get('/community/reflections', auth, async (c) => {
    const userId = c.req.query('userId');
    const now = deps.now();
    if (userId !== undefined) {
      if (userId !== c.var.user.id) {
        throw new ApiError(403, 'forbidden', 'You can only list your own reflections.');
      }
      return c.json(
        (await repo.sharedReflectionsOf(userId, REFLECTIONS_LIMIT)).map((row) => presentReflection(row, now)),
      );
    }
    return c.json(
      (await repo.sharedReflections(REFLECTIONS_LIMIT)).map((row) => presentReflection(row, now)),
    );
  });

  r.post('/community/reflections', auth, async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, reflectionBody);
    if (!(await repo.hasCompleted(c.var.user.id, body.kind, body.sessionId))) {
      throw new ApiError(
        403,
        'session_not_completed',
        'You can share a reflection only on a session you have completed.',
      );
    }
    return idem.respond(c, key, async (tx) => {
      const { row, newBadges } = await repo.shareReflection(
        tx,
        c.var.user.id,
        { kind: body.kind, id: body.sessionId },
        body.reflectionText,
        body.anonymous,
        isoNow(),
      );
      return { status: 201, body: { ...presentReflection(row, deps.now()), newBadges } };
    });
  });

  r.post('/community/reflections/:id/echo', auth, (c) => {
    const key = idem.keyOf(c);
    const id = parseId(c.req.param('id'), 'reflection');
    return idem.respond(c, key, async (tx) => {
      const result = await repo.echoReflection(tx, c.var.user.id, id, isoNow());
      if (result === null)
        throw new ApiError(404, 'reflection_not_found', 'There is no shared reflection with this id.');
      return { status: 200, body: result };
    });
  });

  r.post('/community/pulse/:id/echo', auth, (c) => {
    const key = idem.keyOf(c);
    const id = parseId(c.req.param('id'), 'activity');
    return idem.respond(c, key, async (tx) => {
      const result = await repo.echoCompletion(tx, c.var.user.id, id, isoNow());
      if (result === null)
        throw new ApiError(404, 'activity_not_found', 'There is no activity with this id.');
      return { status: 200, body: result };
    });
  });

  return r;
}
