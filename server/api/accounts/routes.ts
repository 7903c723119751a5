import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { assertSelf, requireUser } from '../../auth/caller';
import { accessEnded } from '../../lib/access-ended';
import { ApiError, jsonBody } from '../../lib/http';
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
 */
export function accountRoutes(deps: AppDeps): Hono<AppEnv> {
  const repo = createAccountRepository(deps.sql);
  const r = new Hono<AppEnv>();
  const auth = requireUser(deps);

  const profileOf = async (id: string) => {
    const profile = await repo.profile(id);
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

  r.post('/complete-onboarding', auth, async (c) => {
    const answers = parseOnboarding(await jsonBody(c, z.unknown()));
    await repo.completeOnboarding(
      c.var.user.id,
      { ...answers, completedAt: new Date(deps.now()).toISOString() },
      new Date(deps.now()).toISOString(),
    );
    return c.json(await profileOf(c.var.user.id));
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
    await repo.skipOnboarding(c.var.user.id, new Date(deps.now()).toISOString());
    return c.json(await profileOf(c.var.user.id));
  });

  // The demo-mode developer account maker lives with the accounts (404 outside demo mode).
  r.route('/', testAccountRoutes(deps));

  return r;
}
