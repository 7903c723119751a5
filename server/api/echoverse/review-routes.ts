import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import type { Mailer } from '../../auth/mail/mailer';
import { resolveCaller } from '../../auth/caller';
import { ApiError, jsonBody } from '../../lib/http';
import { deleteOwnedObjectRow, removeObjectFile, signOwnedObjectUrl } from '../../storage/member-objects';
import { displayName } from '../community/present';
import { uuidParam } from '../voice-notes/fields';
import { createEchoverseRepository } from './repository';

const BUCKET = 'echoverse';
/** Long enough for an operator to listen to every hidden note of a review. */
const REVIEW_URL_SECONDS = 60 * 60;

const decisionBody = z.object({
  decision: z.enum(['restore', 'remove'], { error: "must be 'restore' or 'remove'" }),
});

/** Only the service role (the operator's key, keys.json) reviews; members get 403. */
function requireServiceRole(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = await resolveCaller(deps, c.req.header('authorization'));
    if (caller.kind === 'role' && caller.role === 'service_role') return next();
    if (caller.kind === 'none' || caller.kind === 'invalid')
      throw new ApiError(401, 'unauthorized', 'Send the service role key to review the Echoverse.');
    throw new ApiError(403, 'forbidden', 'Only the operator (service role) reviews reported notes.');
  };
}

/**
 * Review of notes hidden by reports, for the operator (docs/features/voice-notes-and-echoverse.md
 * says how, with curl). Bearer: the service role key.
 *
 * GET  /echoverse/review        200 {notes: [{id, title, firstName, sharedAt, hiddenAt, durationMs,
 *                               reports: [{reason, createdAt}], audio: {url, expiresAt}}]} | 401 | 403
 * POST /echoverse/review/:id    {decision: 'restore' | 'remove'} 200 {id, decision} | 400 | 401 | 403
 *                               | 404 (not hidden, or gone). 'restore' shows it again (its reporters
 *                               still do not hear it); 'remove' deletes it and its audio, and mails
 *                               the sharer.
 */
export function echoverseReviewRoutes(deps: AppDeps, mailer: Mailer): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const repo = createEchoverseRepository(deps.sql);
  const operator = requireServiceRole(deps);

  r.get('/echoverse/review', operator, async (c) => {
    const hidden = await repo.hidden();
    const notes = await Promise.all(
      hidden.map(async (n) => ({
        id: n.id,
        title: n.title,
        firstName: displayName(n.first_name),
        sharedAt: n.shared_at,
        hiddenAt: n.hidden_at,
        durationMs: n.duration_ms,
        reports: (await repo.reportsOf(n.id)).map((x) => ({ reason: x.reason, createdAt: x.created_at })),
        audio: await reviewLink(deps, n.object_name),
      })),
    );
    c.header('Cache-Control', 'no-store');
    return c.json({ notes });
  });

  r.post('/echoverse/review/:id', operator, async (c) => {
    const id = uuidParam(c.req.param('id'), 'Echoverse note');
    const { decision } = await jsonBody(c, decisionBody);
    const note = await repo.byId(id);
    if (!note || note.hidden_at === null)
      throw new ApiError(404, 'not_hidden', 'There is no hidden note with this id to review.');
    if (decision === 'restore') {
      if (!(await repo.restore(id, new Date(deps.now()).toISOString())))
        throw new ApiError(404, 'not_hidden', 'There is no hidden note with this id to review.');
      return c.json({ id, decision });
    }
    const removed = await deps.sql.transaction(async (tx) => {
      const row = await createEchoverseRepository(tx).remove(id);
      if (row) await deleteOwnedObjectRow(tx, BUCKET, row.object_name);
      return row;
    });
    if (!removed) throw new ApiError(404, 'not_hidden', 'There is no hidden note with this id to review.');
    removeObjectFile(deps.config.storageDir, BUCKET, removed.object_name);
    await tellSharer(deps, mailer, removed.user_id, 'removed', removed.title);
    return c.json({ id, decision });
  });

  return r;
}

/** A signed link the operator opens as it is (absolute, on the public URL), for an hour. */
async function reviewLink(deps: AppDeps, objectName: string): Promise<{ url: string; expiresAt: string }> {
  const signed = await signOwnedObjectUrl(
    deps.keys.jwtSecret,
    BUCKET,
    objectName,
    REVIEW_URL_SECONDS,
    deps.now(),
  );
  return { url: new URL(signed.url, deps.config.publicUrl).toString(), expiresAt: signed.expiresAt };
}

const MAILS = {
  hidden: (title: string) => ({
    subject: 'Your note in the Echoverse is hidden for now',
    lines: [
      `Three members reported your voice note "${title}" in the Echoverse, so it is hidden`,
      'until we have listened to it. Nobody hears it meanwhile; you still see it in the app.',
      '',
      'If it was shared by mistake, you can withdraw it in the Echoverse at any time.',
    ],
  }),
  removed: (title: string) => ({
    subject: 'Your note was removed from the Echoverse',
    lines: [
      `We listened to your voice note "${title}" after members reported it, and removed it`,
      'from the Echoverse. Its shared copy is deleted; your own voice notes are not touched.',
    ],
  }),
};

/** Mail bodies travel as 7-bit text: "Café" becomes "Cafe", other letters a question mark. */
const ascii = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');

/**
 * Tells the sharer by mail what happened to their note. The app shows the same on their own
 * shares (hidden until reviewed); a mail failure is logged and changes nothing.
 */
export async function tellSharer(
  deps: AppDeps,
  mailer: Mailer,
  userId: string,
  what: keyof typeof MAILS,
  title: string,
): Promise<void> {
  try {
    const who = await createEchoverseRepository(deps.sql).memberContact(userId);
    if (!who) return;
    const mail = MAILS[what](ascii(title));
    await mailer.send({
      to: who.email,
      subject: mail.subject,
      text: [`Hello ${ascii(displayName(who.first_name))},`, '', ...mail.lines].join('\n'),
      link: '',
    });
  } catch (err) {
    deps.logger.warn('could not tell a member about their Echoverse note', { error: String(err) });
  }
}
