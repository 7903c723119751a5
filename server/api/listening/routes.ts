import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { assertSelf, requireUser } from '../../auth/caller';
import { ApiError, jsonBody } from '../../lib/http';
import { isValidTimeZone, localDateOf } from '../../../src/domain/streaks';
import { toneTokensFor } from '../../../src/domain/tokens';
import { buildDashboard } from './dashboard';
import { presentSession } from './present';
import { createListeningRepository } from './repository';

const sessionId = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d{1,9}$/, 'must be a session id')
    .transform(Number),
]);
const timeZone = z
  .string()
  .trim()
  .refine(isValidTimeZone, 'must be an IANA time zone such as Europe/London')
  .default('UTC');
const completionBody = z.object({
  sessionId,
  title: z.string().trim().max(200).optional(),
  timeZone,
});

/**
 * The listening part of the app API: catalogue fallback, echoes, completions (tone tokens) and
 * the dashboard. "Who am I" always comes from the token; a path id must be the caller's own.
 *
 * GET  /voice-sessions                 200 Session[] (public, as the sessions table)
 * POST /sessions/:id/echo              200 {sessionId, echoed, echoes, newBadges} | 400 | 401 | 404
 * GET  /users/:id/echoed-sessions      200 {id,title}[] | 401 | 403
 * POST /session-completions            201 new | 200 repeat the same local day:
 *                                      {isFirstSession, tokensAwarded, totalTokens, newBadges} | 400 | 401 | 404
 * GET  /users/:id/completed-sessions   200 {sessionId,title,completedAt}[] | 401 | 403
 * GET  /users/:id/dashboard?tz=        200 {streaks, user, totals} | 400 bad tz | 401 | 403
 */
export function listeningRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const repo = createListeningRepository(deps.db);
  const auth = requireUser(deps);

  const requireSession = (raw: string) => {
    const parsed = sessionId.safeParse(raw);
    if (!parsed.success)
      throw new ApiError(400, 'validation_failed', 'The session id must be a positive number.');
    const session = repo.session(parsed.data);
    if (!session) throw new ApiError(404, 'session_not_found', 'There is no session with this id.');
    return session;
  };

  // Public like the sessions table it mirrors: discover falls back to it when the table read fails.
  r.get('/voice-sessions', (c) => c.json(repo.allSessions().map(presentSession)));

  r.post('/sessions/:id/echo', auth, (c) => {
    const session = requireSession(c.req.param('id'));
    const { echoes, newBadges } = repo.echo(c.var.user.id, session.id, new Date(deps.now()).toISOString());
    return c.json({ sessionId: session.id, echoed: true, echoes, newBadges });
  });

  r.get('/users/:id/echoed-sessions', auth, (c) => {
    assertSelf(c.var.user, c.req.param('id'));
    return c.json(repo.echoedSessions(c.var.user.id));
  });

  r.post('/session-completions', auth, async (c) => {
    const body = await jsonBody(c, completionBody);
    const session = requireSession(String(body.sessionId));
    const now = deps.now();
    const result = repo.complete({
      userId: c.var.user.id,
      sessionId: session.id,
      title: session.title,
      completedAt: new Date(now).toISOString(),
      localDate: localDateOf(now, body.timeZone),
      timeZone: body.timeZone,
      tokens: toneTokensFor(session.skill_level),
    });
    const tokensAwarded = result.recorded ? toneTokensFor(session.skill_level) : 0;
    return c.json(
      {
        isFirstSession: result.isFirst,
        tokensAwarded,
        totalTokens: result.totalTokens,
        newBadges: result.newBadges,
      },
      result.recorded ? 201 : 200,
    );
  });

  r.get('/users/:id/completed-sessions', auth, (c) => {
    assertSelf(c.var.user, c.req.param('id'));
    return c.json(
      repo.completions(c.var.user.id).map((row) => ({
        sessionId: row.session_id,
        title: row.title,
        completedAt: row.completed_at,
      })),
    );
  });

  r.get('/users/:id/dashboard', auth, (c) => {
    assertSelf(c.var.user, c.req.param('id'));
    const tz = timeZone.safeParse(c.req.query('tz') ?? undefined);
    if (!tz.success) {
      throw new ApiError(400, 'validation_failed', 'tz must be an IANA time zone such as Europe/London.', {
        tz: 'invalid time zone',
      });
    }
    return c.json(buildDashboard(repo.completions(c.var.user.id), tz.data, deps.now()));
  });

  return r;
}
