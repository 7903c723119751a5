import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import { happenedProblem, instantField, parseInstant } from '../../lib/dates';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency, forgetDeletedItem } from '../../lib/idempotency';
import {
  commitOwnedObject,
  deleteOwnedObjectRow,
  discardStaged,
  removeObjectFile,
  signOwnedObjectUrl,
  stageOwnedObject,
} from '../../storage/member-objects';
import { paramBeforeGate, requireFeature } from '../practice/feature-gate';
import { formatBytes, VOICE_NOTE_MAX_MS, VOICE_NOTE_QUOTA_BYTES } from '../../../src/domain/voice-notes';
import { audioFields, checkAudio } from './audio-check';
import { titleField, uuidField, uuidParam } from './fields';
import { createVoiceNoteRepository, presentNote } from './repository';

export const VOICE_NOTES_BUCKET = 'voice-notes';
/** How long a signed URL to play one's own note lasts: enough to listen, not to share around. */
const PLAY_URL_SECONDS = 60 * 60;
/** A phone's clock may run a few minutes fast. */
const AHEAD_MS = 5 * 60_000;

const keepBody = z.object({
  id: uuidField(),
  title: titleField(),
  recordedAt: instantField(),
  ...audioFields(VOICE_NOTE_MAX_MS),
});
const renameBody = z.object({ title: titleField() });

const quotaFull = (used: number) =>
  new ApiError(
    409,
    'quota_full',
    `Your account's space for voice notes is full (${formatBytes(used)} of ${formatBytes(VOICE_NOTE_QUOTA_BYTES)}). ` +
      'Delete a note kept there, or keep this one on this device only.',
  );

/**
 * Voice notes kept in the member's account (tier feature `voice_notes`, level 2). A note is
 * recorded and kept on the device; only the member's "keep in my account" sends it here. Every
 * route needs a signed-in member at level 2 (403 `feature_locked` with words below it), and a
 * member reads and changes only their own notes (another member's id is 404, as a missing one).
 * Voice notes are not practice: nothing here touches the practice ledger or awards anything.
 *
 * GET    /voice-notes            200 {notes: Note[] (newest recording first), usage: {usedBytes, quotaBytes}}
 * POST   /voice-notes            {id (UUID made on the device), title, recordedAt, durationMs (500-60000),
 *                                mimeType (audio/webm|ogg|mp4|mpeg), audio (base64)} (Idempotency-Key)
 *                                → 201 Note | 200 Note (this note was kept already) | 400 naming the field
 *                                | 409 id_taken | 409 quota_full | 413 audio_too_large (more bytes than
 *                                its length allows; or a body over 2.5 MB) | 415 not_audio
 * GET    /voice-notes/:id/audio  200 {url, expiresAt}: a signed URL (1 hour) that streams with Range | 404
 * PATCH  /voice-notes/:id        {title} 200 Note | 400 | 404
 * DELETE /voice-notes/:id        204 (row, storage object and file removed; quota given back) | 404
 *
 * Note: {id, title, recordedAt, durationMs, mimeType, sizeBytes, keptAt}.
 */
export function voiceNoteRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const repo = createVoiceNoteRepository(deps.sql);
  const idem = createIdempotency(deps);
  const storageDir = deps.config.storageDir;
  const isoNow = () => new Date(deps.now()).toISOString();
  const auth = requireUser(deps);
  const gate = requireFeature(deps, 'voice_notes');
  const noteId = paramBeforeGate((raw) => uuidParam(raw, 'voice note'));

  r.get('/voice-notes', auth, gate, async (c) => {
    const userId = c.var.user.id;
    const [rows, used] = await Promise.all([repo.list(userId), repo.usedBytes(userId)]);
    return c.json({
      notes: rows.map(presentNote),
      usage: { usedBytes: used, quotaBytes: VOICE_NOTE_QUOTA_BYTES },
    });
  });

  r.post('/voice-notes', auth, gate, async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, keepBody);
    const userId = c.var.user.id;
    const now = deps.now();
    const created = Date.parse((await repo.accountCreatedAt(userId)) ?? new Date(now).toISOString());
    const problem = happenedProblem(parseInstant(body.recordedAt) as number, now, created, AHEAD_MS);
    if (problem)
      throw new ApiError(400, 'validation_failed', `Invalid recordedAt: ${problem}`, { recordedAt: problem });
    const audio = checkAudio(body);
    const objectName = `${userId}/${body.id}.${audio.ext}`;
    const staged = await stageOwnedObject(storageDir, audio.bytes);
    try {
      return await idem.respond(c, key, async (tx) => {
        const notes = createVoiceNoteRepository(tx);
        const row = await notes.insert(
          {
            id: body.id,
            userId,
            title: body.title,
            recordedAt: new Date(body.recordedAt).toISOString(),
            durationMs: body.durationMs,
            mimeType: audio.essence,
            sizeBytes: audio.bytes.length,
            objectName,
          },
          new Date(now).toISOString(),
        );
        if (!row) {
          // A note sent again (an answer lost on the way, another tab) is the same note; an id
          // another member holds is theirs. The primary key decided.
          const same = await notes.byId(body.id);
          if (same?.user_id === userId) return { status: 200, body: presentNote(same) };
          throw idTaken();
        }
        if ((await notes.reserve(userId, audio.bytes.length, VOICE_NOTE_QUOTA_BYTES)) === null)
          throw quotaFull(await notes.usedBytes(userId));
        const stored = await commitOwnedObject(
          tx,
          storageDir,
          staged,
          { bucket: VOICE_NOTES_BUCKET, name: objectName, ownerId: userId, mimetype: audio.essence },
          isoNow(),
        );
        if (!stored) throw idTaken();
        return { status: 201, body: presentNote(row) };
      });
    } finally {
      discardStaged(staged);
    }
  });

  r.get('/voice-notes/:id/audio', auth, noteId, gate, async (c) => {
    const note = await repo.find(c.var.user.id, uuidParam(c.req.param('id'), 'voice note'));
    if (!note) throw notFound();
    c.header('Cache-Control', 'no-store');
    return c.json(
      await signOwnedObjectUrl(
        deps.keys.jwtSecret,
        VOICE_NOTES_BUCKET,
        note.object_name,
        PLAY_URL_SECONDS,
        deps.now(),
      ),
    );
  });

  r.patch('/voice-notes/:id', auth, noteId, gate, async (c) => {
    const id = uuidParam(c.req.param('id'), 'voice note');
    const { title } = await jsonBody(c, renameBody);
    const row = await repo.rename(c.var.user.id, id, title, isoNow());
    if (!row) throw notFound();
    return c.json(presentNote(row));
  });

  r.delete('/voice-notes/:id', auth, noteId, gate, async (c) => {
    const id = uuidParam(c.req.param('id'), 'voice note');
    const userId = c.var.user.id;
    const removed = await deps.sql.transaction(async (tx) => {
      const notes = createVoiceNoteRepository(tx);
      const row = await notes.remove(userId, id);
      if (!row) return null;
      await notes.release(userId, row.size_bytes);
      await deleteOwnedObjectRow(tx, VOICE_NOTES_BUCKET, row.object_name);
      return row;
    });
    if (!removed) throw notFound();
    await forgetDeletedItem(deps.sql, userId, 'POST /api/voice-notes', id);
    removeObjectFile(storageDir, VOICE_NOTES_BUCKET, removed.object_name);
    return c.body(null, 204);
  });

  return r;
}

const notFound = () =>
  new ApiError(404, 'voice_note_not_found', 'There is no voice note with this id in your account.');
const idTaken = () =>
  new ApiError(409, 'id_taken', 'This note id is already in use. Record the note again to keep it.', {
    id: 'already in use',
  });
