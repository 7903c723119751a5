import type { Context } from 'hono';
import type { AuthContext } from './context';

/** HS256 keys are never published, so the key set is empty (reference §1.4). */
export function jwks(c: Context): Response {
  c.header('Cache-Control', 'public, max-age=600');
  return c.json({ keys: [] });
}

/** Every external provider GoTrue's /settings lists; none is offered here. */
const PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'email',
  'phone',
  'zoom',
] as const;

/** GoTrue's public settings: only email sign-in is offered, every other provider is false. */
export function settings(ctx: AuthContext, c: Context): Response {
  const external = Object.fromEntries(PROVIDERS.map((p) => [p, p === 'email']));
  return c.json({
    external,
    disable_signup: false,
    mailer_autoconfirm: ctx.deps.config.autoConfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  });
}

export function health(c: Context): Response {
  return c.json({ version: 'tuneful', name: 'GoTrue', description: 'GoTrue-compatible auth for this app' });
}
