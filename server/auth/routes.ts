import { Hono } from 'hono';
import { limitBody } from '../lib/body-limit';
import type { AppDeps, AppEnv } from '../app-env';
import { requireApiKey } from './api-key';
import { createAuthContext } from './context';
import { API_VERSION, AuthError, authErrorResponse, handleAuthError } from './errors';
import { createMailer, type Mailer } from './mail/mailer';
import { health, jwks, settings } from './meta';
import { createAuthLimits } from './rate-limit';
import { otp, resend } from './otp';
import { recover } from './recover';
import { signup } from './signup';
import { token } from './token';
import { getUser, logout, updateUser } from './user';
import { verifyGet, verifyPost } from './verify';

/** Auth requests are small JSON documents; anything bigger is refused before parsing. */
const MAX_BODY_BYTES = 16 * 1024;

/**
 * The GoTrue-compatible service at /auth/v1 (reference: supabase-subset.md §2). `mailer` may
 * be injected by tests; by default it is SMTP or the DATA_DIR/mail outbox.
 */
export function authRoutes(deps: AppDeps, mailer: Mailer = createMailer(deps)): Hono<AppEnv> {
  const ctx = createAuthContext(
    deps,
    mailer,
    createAuthLimits(deps.sql, deps.now, deps.config.authRateLimitScale),
  );
  const r = new Hono<AppEnv>();
  r.use('*', async (c, next) => {
    // supabase-js reads the error code from `code` only when it sees this header.
    c.header('X-Supabase-Api-Version', API_VERSION);
    await next();
  });
  r.use(
    '*',
    limitBody({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        authErrorResponse(c, new AuthError(413, 'request_too_large', 'Request body is too large')),
    }),
  );
  r.use('*', requireApiKey(deps));

  r.post('/signup', (c) => signup(ctx, c));
  r.post('/token', (c) => token(ctx, c));
  r.get('/verify', (c) => verifyGet(ctx, c));
  r.post('/verify', (c) => verifyPost(ctx, c));
  r.get('/user', (c) => getUser(ctx, c));
  r.put('/user', (c) => updateUser(ctx, c));
  r.post('/logout', (c) => logout(ctx, c));
  r.post('/recover', (c) => recover(ctx, c));
  r.get('/.well-known/jwks.json', (c) => jwks(c));
  r.get('/settings', (c) => settings(ctx, c));
  r.get('/health', (c) => health(c));
  r.post('/otp', (c) => otp(ctx, c));
  r.post('/resend', (c) => resend(ctx, c));
  // Anything else answers in GoTrue's error shape, not the SPA's or Hono's plain text.
  r.all('*', (c) =>
    authErrorResponse(
      c,
      new AuthError(404, 'not_found', `${c.req.method} ${c.req.path} is not a route of this auth service`),
    ),
  );
  r.onError(handleAuthError(deps.logger));
  return r;
}
