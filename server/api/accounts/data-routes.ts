import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import { createMailer, type Mailer } from '../../auth/mail/mailer';
import { verifyPassword } from '../../auth/passwords';
import { slidingWindow } from '../../auth/rate-limit';
import { accessEnded } from '../../lib/access-ended';
import { ApiError, jsonBody } from '../../lib/http';
import { deleteMember } from './delete-account';
import { exportMember } from './export';
import { purgeOutbox } from './outbox-purge';
import { createAccountRepository } from './repository';
import { memberAudioLinks, removeMemberAudio } from '../voice-notes/member-audio';

/**
 * The member's data in their hands (issue 13). The member is always the token's subject.
 *
 * GET    /account/export   200 JSON file (Content-Disposition: attachment) | 401; `audio` lists the
 *                          member's voice notes and Echoverse notes with download links valid 7 days
 * DELETE /account          {password} 200 {deleted:true} | 400 validation_failed | 403 wrong_password
 *                          | 429 too_many_attempts (10 password checks per member per 5 minutes) | 401
 * GET    /account/privacy  200 {pulseIdentity} | 401
 * PUT    /account/privacy  {pulseIdentity} 200 {pulseIdentity} | 400 | 401
 *
 * pulseIdentity: 'first_name' (default) | 'someone' | 'hidden'.
 */
export const PULSE_IDENTITIES = ['first_name', 'someone', 'hidden'] as const;

const deleteBody = z.object({
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.'),
});
const privacyBody = z.object({
  pulseIdentity: z.enum(PULSE_IDENTITIES, { error: "Choose 'first_name', 'someone' or 'hidden'." }),
});

export function accountDataRoutes(deps: AppDeps, mailer: Mailer = createMailer(deps)): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const auth = requireUser(deps);
  const { sql } = deps;
  const repo = createAccountRepository(sql);
  const isoNow = () => new Date(deps.now()).toISOString();
  // A stolen access token must not become a way to guess the password: like sign-in, a few
  // tries per member, scaled with AUTH_RATE_LIMIT_SCALE.
  const passwordChecks = slidingWindow(
    sql,
    'account_password',
    Math.max(1, Math.round(10 * deps.config.authRateLimitScale)),
    5 * 60_000,
    deps.now,
  );

  r.get('/account/export', auth, async (c) => {
    const rows = await exportMember(sql, c.var.user.id, isoNow());
    if (!rows) throw new ApiError(401, 'unauthorized', 'Please sign in to continue.');
    const data = { ...rows, audio: await memberAudioLinks(deps, c.var.user.id) };
    const day = data.exportedAt.slice(0, 10);
    c.header('Content-Disposition', `attachment; filename="tuneful-my-data-${day}.json"`);
    c.header('Cache-Control', 'no-store');
    return c.body(JSON.stringify(data, null, 2), 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });

  r.delete('/account', auth, async (c) => {
    const { password } = await jsonBody(c, deleteBody);
    const wait = await passwordChecks.hit(c.var.user.id);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      throw new ApiError(
        429,
        'too_many_attempts',
        `Too many tries. Please wait ${wait} seconds. Nothing was deleted.`,
      );
    }
    const user = await repo.passwordOf(c.var.user.id);
    if (!user) throw new ApiError(401, 'unauthorized', 'Please sign in to continue.');
    if (!(await verifyPassword(password, user.password_hash, deps.config))) {
      throw new ApiError(403, 'wrong_password', 'That password is not right. Nothing was deleted.', {
        password: 'That password is not right.',
      });
    }
    await deleteMember(sql, c.var.user.id);
    // The rows of their stored audio went with the account; now the files.
    removeMemberAudio(deps, c.var.user.id);
    await accessEnded(deps, c.var.user.id); // a deleted member's live streams close now
    try {
      if (!deps.config.smtpUrl) await purgeOutbox(deps.config.dataDir, user.email);
    } catch (err) {
      deps.logger.warn('could not remove a deleted member’s outbox mail', { error: String(err) });
    }
    try {
      await mailer.send({
        to: user.email,
        subject: 'Your account has been deleted',
        text: [
          'Hello,',
          '',
          'Your Tuneful account and all of its data were deleted just now, as you asked.',
          'Every sign-in has ended. Nothing about you is kept.',
          '',
          'If you did not do this, reply to this email.',
        ].join('\n'),
        link: '',
      });
    } catch (err) {
      // The account is gone either way; a mail failure must not make the member think otherwise.
      deps.logger.warn('account deletion mail failed', { error: String(err) });
    }
    return c.json({ deleted: true });
  });

  r.get('/account/privacy', auth, async (c) => {
    return c.json({ pulseIdentity: (await repo.privacyOf(c.var.user.id)) ?? 'first_name' });
  });

  r.put('/account/privacy', auth, async (c) => {
    const { pulseIdentity } = await jsonBody(c, privacyBody);
    await repo.setPrivacy(c.var.user.id, pulseIdentity, isoNow());
    return c.json({ pulseIdentity });
  });

  return r;
}
