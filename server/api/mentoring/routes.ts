import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import type { SqlExecutor } from '../../db/sql';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency } from '../../lib/idempotency';
import { parseId } from '../../lib/ids';
import { multilineText } from '../../lib/text';
import { isFeatureUnlocked } from '../../../src/domain/tier-features';
import {
  MAX_INTRO,
  MAX_MENTEES,
  MAX_NOTE,
  MENTOR_FOCUSES,
  type MentorFocus,
} from '../../../src/domain/mentoring';
import { memberLevel, requireFeature } from '../practice/feature-gate';
import { focusesOf, presentPairing, type PairingRow } from './present';

const focusEnum = z.enum(MENTOR_FOCUSES, { error: `must be one of ${MENTOR_FOCUSES.join(', ')}` });

const offerBody = z
  .object({
    intro: multilineText()
      .trim()
      .min(1, 'must not be empty')
      .max(MAX_INTRO, `must be at most ${MAX_INTRO} characters`),
    focuses: z.array(focusEnum).max(MENTOR_FOCUSES.length).default([]),
    capacity: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_MENTEES, `must be at most ${MAX_MENTEES}`),
    available: z.boolean({ error: 'must be true or false' }),
  })
  .strict();

const requestBody = z.object({ focus: focusEnum.nullish().transform((v) => v ?? null) }).strict();

const noteBody = z
  .object({
    body: multilineText()
      .trim()
      .min(1, 'must not be empty')
      .max(MAX_NOTE, `must be at most ${MAX_NOTE} characters`),
  })
  .strict();

const PAIRING_COLUMNS = 'id, mentor_id, mentee_id, focus, created_at';

/**
 * Mentoring others (level 7; docs/features/mentoring-leadership-teaching.md). A level-7 member
 * offers to mentor; any member may ask for a mentor and is matched at once to an available one
 * (their focus first, then the least loaded). The pair see each other's first name, level and
 * current streak (read from the practice ledger) and exchange short notes; either ends it.
 * Writes take an Idempotency-Key (the app queues them offline).
 *
 * GET  /mentoring                      200 {canMentor, offer: Offer|null, mentor: Pairing|null,
 *                                      mentees: Pairing[]} (open to every level: the mentee's part)
 * PUT  /mentoring/offer                200 Offer | 400 naming the field | 403 feature_locked (below 7).
 *                                      Body {intro (1-280), focuses: Focus[], capacity 1-5, available}
 * POST /mentoring/request              201 Pairing | 400 | 409 already_paired | 409 no_mentor_free.
 *                                      Body {focus?: Focus|null}. Open to every level.
 * POST /mentoring/pairings/:id/notes   201 Pairing | 400 body (empty, over 300, control characters)
 *                                      | 404 (not the caller's open pairing)
 * POST /mentoring/pairings/:id/end     200 {ended: true} | 404 (either side may end it; its notes are deleted)
 *
 * Offer: {intro, focuses, capacity, available, mentees}. Pairing: {id, role: mentor|mentee, focus,
 * since, partner: {firstName, level, currentStreak, intro}, notes: {id, mine, body, createdAt}[]}.
 */
export function mentoringRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const auth = requireUser(deps);
  const idem = createIdempotency(deps);
  const gate = requireFeature(deps, 'mentoring_others');

  const openOf = (db: SqlExecutor, where: string, params: string[]) =>
    db.all<PairingRow>(
      `SELECT ${PAIRING_COLUMNS} FROM mentor_pairings WHERE ${where} AND ended_at IS NULL ORDER BY created_at, id`,
      params,
    );

  async function offerOf(db: SqlExecutor, me: string) {
    const row = await db.get<{ intro: string; focuses_json: string; capacity: number; available: number }>(
      'SELECT intro, focuses_json, capacity, available FROM mentor_offers WHERE user_id = ?',
      [me],
    );
    if (!row) return null;
    const mentees = (await openOf(db, 'mentor_id = ?', [me])).length;
    return {
      intro: row.intro,
      focuses: focusesOf(row.focuses_json),
      capacity: Number(row.capacity),
      available: Number(row.available) === 1,
      mentees,
    };
  }

  const pairingNotFound = () =>
    new ApiError(404, 'pairing_not_found', 'There is no open mentoring pairing of yours with this id.');

  /** The caller's open pairing `id`, on either side, or 404. */
  async function myPairing(db: SqlExecutor, id: number, me: string): Promise<PairingRow> {
    const row = await db.get<PairingRow>(
      `SELECT ${PAIRING_COLUMNS} FROM mentor_pairings
       WHERE id = ? AND ended_at IS NULL AND (mentor_id = ? OR mentee_id = ?)`,
      [id, me, me],
    );
    if (!row) throw pairingNotFound();
    return row;
  }

  r.get('/mentoring', auth, async (c) => {
    const me = c.var.user.id;
    const now = deps.now();
    const { tokens } = await memberLevel(deps.sql, me);
    const [asMentee] = await openOf(deps.sql, 'mentee_id = ?', [me]);
    const mentees = await openOf(deps.sql, 'mentor_id = ?', [me]);
    return c.json({
      canMentor: isFeatureUnlocked('mentoring_others', tokens),
      offer: await offerOf(deps.sql, me),
      mentor: asMentee ? await presentPairing(deps.sql, asMentee, me, now) : null,
      mentees: await Promise.all(mentees.map((p) => presentPairing(deps.sql, p, me, now))),
    });
  });

  r.put('/mentoring/offer', auth, gate, async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, offerBody);
    const me = c.var.user.id;
    const at = new Date(deps.now()).toISOString();
    return idem.respond(c, key, async (tx) => {
      await tx.run(
        `INSERT INTO mentor_offers (user_id, intro, focuses_json, capacity, available, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET intro = excluded.intro, focuses_json = excluded.focuses_json,
           capacity = excluded.capacity, available = excluded.available, updated_at = excluded.updated_at`,
        [
          me,
          body.intro,
          JSON.stringify([...new Set(body.focuses)]),
          body.capacity,
          body.available ? 1 : 0,
          at,
        ],
      );
      return { status: 200, body: await offerOf(tx, me) };
    });
  });

  /** The available mentor for `focus`: one who names it first, then the least loaded, then the longest offered. */
  async function pickMentor(tx: SqlExecutor, me: string, focus: MentorFocus | null): Promise<string | null> {
    const rows = await tx.all<{
      user_id: string;
      focuses_json: string;
      capacity: number;
      load: number;
      updated_at: string;
    }>(
      `SELECT o.user_id, o.focuses_json, o.capacity, o.updated_at,
         (SELECT count(*) FROM mentor_pairings p WHERE p.mentor_id = o.user_id AND p.ended_at IS NULL) AS load
       FROM mentor_offers o WHERE o.available = 1 AND o.user_id <> ?`,
      [me],
    );
    const free = rows.filter((o) => Number(o.load) < Number(o.capacity));
    const ranked = free
      .map((o) => ({ ...o, fits: focus !== null && focusesOf(o.focuses_json).includes(focus) ? 0 : 1 }))
      .sort(
        (a, b) =>
          a.fits - b.fits || Number(a.load) - Number(b.load) || a.updated_at.localeCompare(b.updated_at),
      );
    for (const o of ranked) {
      // A mentor whose level fell below 7 since offering is not matched.
      const { tokens } = await memberLevel(tx, o.user_id);
      if (isFeatureUnlocked('mentoring_others', tokens)) return o.user_id;
    }
    return null;
  }

  r.post('/mentoring/request', auth, async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, requestBody);
    const me = c.var.user.id;
    const now = deps.now();
    return idem.respond(c, key, async (tx) => {
      // One matcher at a time across processes, so a mentor's last place is given once.
      if (tx.dialect === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(180, 0)');
      const mentor = await pickMentor(tx, me, body.focus);
      if (!mentor)
        throw new ApiError(
          409,
          'no_mentor_free',
          'No mentor has a free place right now. Ask again in a few days: mentors open places as pairings end.',
        );
      // The partial unique index holds one open pairing per mentee, whoever asks twice.
      const row = await tx.get<PairingRow>(
        `INSERT INTO mentor_pairings (mentor_id, mentee_id, focus, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (mentee_id) WHERE ended_at IS NULL DO NOTHING RETURNING ${PAIRING_COLUMNS}`,
        [mentor, me, body.focus, new Date(now).toISOString()],
      );
      if (!row)
        throw new ApiError(
          409,
          'already_paired',
          'You already have a mentor. End that pairing first if you would like someone else.',
        );
      return { status: 201, body: await presentPairing(tx, row, me, now) };
    });
  });

  r.post('/mentoring/pairings/:id/notes', auth, async (c) => {
    const key = idem.keyOf(c);
    const id = parseId(c.req.param('id'), 'pairing');
    const body = await jsonBody(c, noteBody);
    const me = c.var.user.id;
    const now = deps.now();
    return idem.respond(c, key, async (tx) => {
      const row = await myPairing(tx, id, me);
      await tx.run('INSERT INTO mentor_notes (pairing_id, author_id, body, created_at) VALUES (?, ?, ?, ?)', [
        id,
        me,
        body.body,
        new Date(now).toISOString(),
      ]);
      return { status: 201, body: await presentPairing(tx, row, me, now) };
    });
  });

  r.post('/mentoring/pairings/:id/end', auth, async (c) => {
    const key = idem.keyOf(c);
    const id = parseId(c.req.param('id'), 'pairing');
    const me = c.var.user.id;
    return idem.respond(c, key, async (tx) => {
      await myPairing(tx, id, me);
      await tx.run('UPDATE mentor_pairings SET ended_at = ? WHERE id = ? AND ended_at IS NULL', [
        new Date(deps.now()).toISOString(),
        id,
      ]);
      // The notes were for the two of them while it lasted; nobody reads them after.
      await tx.run('DELETE FROM mentor_notes WHERE pairing_id = ?', [id]);
      return { status: 200, body: { ended: true } };
    });
  });

  return r;
}
