import type { Context } from 'hono';
import type { AuthContext } from './context';

/** HS256 keys are never published, so the key set is empty (reference §1.4). */
export function jwks(c: Context): Response {
  c.header('Cache-Control', 'public, max-age=600');
  return c.json({ keys: [] });
}

/** GoTrue's public settings: only email sign-in is offered. */
export function settings(ctx: AuthContext, c: Context): Response {
  return c.json({
    external: { email: true, phone: false, anonymous_users: false },
    disable_signup: false,
    mailer_autoconfirm: ctx.deps.config.autoConfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}

export function health(c: Context): Response {
  return c.json({ version: 'tuneful', name: 'GoTrue', description: 'GoTrue-compatible auth for this app' });
}
