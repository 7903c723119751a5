import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { assertSelf, requireUser } from '../../auth/caller';
import type { SqlExecutor } from '../../db/sql';
import { accessEnded } from '../../lib/access-ended';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency } from '../../lib/idempotency';
import { accountDataRoutes } from './data-routes';
import { parseOnboarding } from './onboarding';
import { createAccountRepository } from './repository';
import { testAccountRoutes } from './test-accounts';

/**
 * The member's own account through the app API. The id always comes from the verified token;
 * a path id only selects, and must be the caller's own (403 otherwise).
 *
 * GET  /auth/me                 200 Profile | 401
 * GET  /users/:id               200 Profile | 401 | 403
 * POST /auth/logout             200 {ok} (ends the caller's sign-in session) | 401
 * POST /complete-onboarding     200 Profile | 400 validation_failed (fields) | 401 | 413
 * GET  /onboarding              200 {state, answers, updatedAt} | 401
 * POST /onboarding/skip         200 Profile (state 'skipped', unless already 'completed') | 401
 * (both POSTs of onboarding take an Idempotency-Key: a replay is the same answer)
 */
export function accountRoutes(deps: AppDeps): Hono<AppEnv> {
  const repo = createAccountRepository(deps.sql);
  const r = new Hono<AppEnv>();
  const auth = requireUser(deps);
  const idem = createIdempotency(deps);

  const profileOf = async (id: string, on: SqlExecutor = deps.sql) => {
    const profile = await createAccountRepository(on).profile(id);
    // The session check passed, so the user exists unless deleted this very moment.
    if (!profile) throw new ApiError(401, 'unauthorized', 'Please sign in to continue.');
    return profile;
  };

  r.get('/auth/me', auth, async (c) => c.json(await profileOf(c.var.user.id)));

  r.get('/users/:id', auth, async (c) => {
    assertSelf(c.var.user, c.req.param('id'));
    return c.json(await profileOf(c.var.user.id));
  });

  r.post('/auth/logout', auth, async (c) => {
    await repo.endSession(c.var.user.sessionId, c.var.user.id);
    await accessEnded(deps, c.var.user.id);
    return c.json({ ok: true });
  });

  // Both onboarding answers may be given offline and replayed by the app's outbox.
  r.post('/complete-onboarding', auth, async (c) => {
    const key = idem.keyOf(c);
    const answers = parseOnboarding(await jsonBody(c, z.unknown()));
    const now = new Date(deps.now()).toISOString();
    return idem.respond(c, key, async (tx) => {
      await createAccountRepository(tx).completeOnboarding(
        c.var.user.id,
        { ...answers, completedAt: now },
        now,
      );
      return { status: 200, body: await profileOf(c.var.user.id, tx) };
    });
  });

  // Export, delete and privacy settings (issue 13) live in their own file.
  r.route('/', accountDataRoutes(deps));
  r.get('/onboarding', auth, async (c) => {
    const record = await repo.onboarding(c.var.user.id);
    if (!record) throw new ApiError(401, 'unauthorized', 'Please sign in to continue.');
    return c.json(record);
  });

  // 'Skip for Now' is the member's answer too: kept with the account, so no other device or
  // browser offers the questionnaire again (issue 8). Takes no body.
  r.post('/onboarding/skip', auth, async (c) => {
    const key = idem.keyOf(c);
    return idem.respond(c, key, async (tx) => {
      await createAccountRepository(tx).skipOnboarding(c.var.user.id, new Date(deps.now()).toISOString());
      return { status: 200, body: await profileOf(c.var.user.id, tx) };
    });
  });

  // The demo-mode developer account maker lives with the accounts (404 outside demo mode).
  r.route('/', testAccountRoutes(deps));

  return r;
}
