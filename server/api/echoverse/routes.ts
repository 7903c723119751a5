import crypto from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { createMailer, type Mailer } from '../../auth/mail/mailer';
import { requireUser } from '../../auth/caller';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency } from '../../lib/idempotency';
import { multilineText } from '../../lib/text';
import {
  commitOwnedObject,
  deleteOwnedObjectRow,
  discardStaged,
  removeObjectFile,
  signOwnedObjectUrl,
  stageOwnedObject,
} from '../../storage/member-objects';
import { paramBeforeGate, requireFeature } from '../practice/feature-gate';
import { memberZone } from '../practice/zone';
import { localDateOf } from '../../../src/domain/streaks';
import {
  ECHOVERSE_MAX_MS,
  ECHOVERSE_SHARES_PER_DAY,
  REPORT_REASON_MAX,
} from '../../../src/domain/voice-notes';
import { audioFields, checkAudio } from '../voice-notes/audio-check';
import { titleField, uuidField, uuidParam } from '../voice-notes/fields';
import { presentListed, presentMine } from './present';
import { createEchoverseRepository } from './repository';
import { echoverseReviewRoutes, tellSharer } from './review-routes';

export const ECHOVERSE_BUCKET = 'echoverse';
/** A listening URL lasts a quarter of an hour: a note hidden or withdrawn stops playing soon. */
const LISTEN_URL_SECONDS = 15 * 60;
const LIST_LIMIT = 50;

const shareBody = z.object({
  voiceNoteId: uuidField(),
  title: titleField(),
  ...audioFields(ECHOVERSE_MAX_MS),
});
const reportBody = z.object({
  reason: multilineText()
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, 'must say what is wrong')
        .max(REPORT_REASON_MAX, `must be at most ${REPORT_REASON_MAX} characters`),
    ),
});

/**
 * The Echoverse (tier feature `echoverse_access`, level 7): short voice notes members chose to
 * share, heard one after another and echoed. Every member route needs a signed-in member at
 * level 7 (403 `feature_locked` with words below it). Sharing, echoing and reporting earn
 * nothing and touch no practice: the Echoverse is not practice.
 *
 * GET    /echoverse              200 {notes: Listed[] (newest 50 not hidden, less the ones the caller
 *                                reported), mine: Mine[] (hidden ones too), sharesToday, sharesPerDay}
 * POST   /echoverse              {voiceNoteId, title, durationMs (500-30000), mimeType, audio (base64)}
 *                                (Idempotency-Key) → 201 Mine | 400 naming the field | 409 already_shared
 *                                | 413 audio_too_large | 415 not_audio | 429 share_limit (3 a local day)
 * GET    /echoverse/:id/audio    200 {url, expiresAt}: signed URL (15 minutes), Range streaming | 404
 *                                (hidden notes play only for their sharer)
 * DELETE /echoverse/:id          204: withdrawn (row, echoes, reports, storage object and file) | 404
 * POST   /echoverse/:id/echo     200 {echoes} (once per member; Idempotency-Key) | 400 | 404
 * POST   /echoverse/:id/report   {reason} 200 {reported: true} (once per member; Idempotency-Key)
 *                                | 400 | 403 own_note | 404. The third member's report hides the note
 *                                until an operator reviews it, and the sharer gets a mail saying so.
 * Review by the operator (service role): see review-routes.ts.
 *
 * Listed: {id, firstName, title, durationMs, sharedAt, echoes, echoedByMe, mine}.
 * Mine: {id, voiceNoteId, title, durationMs, sharedAt, echoes, hidden, hiddenAt}.
 */
export function echoverseRoutes(deps: AppDeps, mailer: Mailer = createMailer(deps)): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const repo = createEchoverseRepository(deps.sql);
  const idem = createIdempotency(deps);
  const storageDir = deps.config.storageDir;
  const auth = requireUser(deps);
  const gate = requireFeature(deps, 'echoverse_access');
  const noteId = paramBeforeGate((raw) => uuidParam(raw, 'Echoverse note'));
  const isoNow = () => new Date(deps.now()).toISOString();
  const today = async (userId: string) => {
    const now = deps.now();
    return localDateOf(now, await memberZone(deps.sql, userId, now));
  };

  // Registered first: /echoverse/review is not a note id.
  r.route('/', echoverseReviewRoutes(deps, mailer));

  r.get('/echoverse', auth, gate, async (c) => {
    const userId = c.var.user.id;
    const [notes, mine, shares] = await Promise.all([
      repo.listening(userId, LIST_LIMIT),
      repo.mine(userId),
      today(userId).then((day) => repo.sharesOn(userId, day)),
    ]);
    return c.json({
      notes: notes.map((n) => presentListed(n, userId)),
      mine: mine.map(presentMine),
      sharesToday: shares,
      sharesPerDay: ECHOVERSE_SHARES_PER_DAY,
    });
  });

  r.post('/echoverse', auth, gate, async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, shareBody);
    const audio = checkAudio(body);
    const userId = c.var.user.id;
    const day = await today(userId);
    const id = crypto.randomUUID();
    const objectName = `${userId}/${id}.${audio.ext}`;
    const staged = await stageOwnedObject(storageDir, audio.bytes);
    try {
      return await idem.respond(c, key, async (tx) => {
        const notes = createEchoverseRepository(tx);
        const row = await notes.insert(
          {
            id,
            userId,
            voiceNoteId: body.voiceNoteId,
            title: body.title,
            durationMs: body.durationMs,
            mimeType: audio.essence,
            sizeBytes: audio.bytes.length,
            objectName,
          },
          isoNow(),
        );
        if (!row)
          throw new ApiError(
            409,
            'already_shared',
            'This note is in the Echoverse already. Withdraw it there first to share it again.',
          );
        if ((await notes.countShare(userId, day, ECHOVERSE_SHARES_PER_DAY)) === null)
          throw new ApiError(
            429,
            'share_limit',
            `You have shared ${ECHOVERSE_SHARES_PER_DAY} notes today, the most for one day. You can share again tomorrow.`,
          );
        await commitOwnedObject(
          tx,
          storageDir,
          staged,
          { bucket: ECHOVERSE_BUCKET, name: objectName, ownerId: userId, mimetype: audio.essence },
          isoNow(),
        );
        return { status: 201, body: presentMine(row) };
      });
    } finally {
      discardStaged(staged);
    }
  });

  r.get('/echoverse/:id/audio', auth, noteId, gate, async (c) => {
    const note = await repo.byId(uuidParam(c.req.param('id'), 'Echoverse note'));
    const userId = c.var.user.id;
    if (!note || (note.hidden_at !== null && note.user_id !== userId)) throw notFound();
    c.header('Cache-Control', 'no-store');
    return c.json(
      await signOwnedObjectUrl(
        deps.keys.jwtSecret,
        ECHOVERSE_BUCKET,
        note.object_name,
        LISTEN_URL_SECONDS,
        deps.now(),
      ),
    );
  });

  r.delete('/echoverse/:id', auth, noteId, gate, async (c) => {
    const id = uuidParam(c.req.param('id'), 'Echoverse note');
    const removed = await deps.sql.transaction(async (tx) => {
      const row = await createEchoverseRepository(tx).remove(id, c.var.user.id);
      if (row) await deleteOwnedObjectRow(tx, ECHOVERSE_BUCKET, row.object_name);
      return row;
    });
    if (!removed) throw notFound();
    removeObjectFile(storageDir, ECHOVERSE_BUCKET, removed.object_name);
    return c.body(null, 204);
  });

  r.post('/echoverse/:id/echo', auth, noteId, gate, async (c) => {
    const key = idem.keyOf(c);
    const id = uuidParam(c.req.param('id'), 'Echoverse note');
    return idem.respond(c, key, async (tx) => {
      const result = await createEchoverseRepository(tx).echo(c.var.user.id, id, isoNow());
      if (!result) throw notFound();
      return { status: 200, body: result };
    });
  });

  r.post('/echoverse/:id/report', auth, noteId, gate, async (c) => {
    const key = idem.keyOf(c);
    const id = uuidParam(c.req.param('id'), 'Echoverse note');
    const { reason } = await jsonBody(c, reportBody);
    const userId = c.var.user.id;
    let hidden: { userId: string; title: string } | null = null;
    const answer = await idem.respond(c, key, async (tx) => {
      const notes = createEchoverseRepository(tx);
      const note = await notes.byId(id);
      if (!note || note.hidden_at !== null) throw notFound();
      if (note.user_id === userId)
        throw new ApiError(403, 'own_note', 'This is your own note: withdraw it instead of reporting it.');
      if (await notes.addReport(userId, id, reason, isoNow())) {
        const { nowHidden } = await notes.countReport(id, isoNow());
        if (nowHidden) hidden = { userId: note.user_id, title: note.title };
      }
      return { status: 200, body: { reported: true } };
    });
    // Told after the report is committed, once: only the report that hid the note has `hidden`.
    const told = hidden as { userId: string; title: string } | null;
    if (told) await tellSharer(deps, mailer, told.userId, 'hidden', told.title);
    return answer;
  });

  return r;
}

const notFound = () =>
  new ApiError(404, 'echoverse_note_not_found', 'This note is no longer in the Echoverse.');
