import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import type { SqlExecutor } from '../../db/sql';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency } from '../../lib/idempotency';
import { parseId } from '../../lib/ids';
import { lineText } from '../../lib/text';
import { isFeatureUnlocked } from '../../../src/domain/tier-features';
import { MAX_PROMPT, weekOf } from '../../../src/domain/mentoring';
import { firstNameOf } from '../circles/present';
import { memberLevel, paramBeforeGate, requireFeature } from '../practice/feature-gate';
import { certifiedAmong } from '../teaching/certified';

const promptBody = z
  .object({
    prompt: lineText()
      .trim()
      .min(1, 'must not be empty')
      .max(MAX_PROMPT, `must be at most ${MAX_PROMPT} characters`),
  })
  .strict();

const coLeaderBody = z
  .object({
    userId: z
      .string({ error: 'must be the id of a member of this circle' })
      .uuid('must be the id of a member of this circle'),
  })
  .strict();

interface MemberRow {
  id: string;
  first_name: string | null;
  co_leader: number;
}

/** The badges a circle shows beside a member's name. */
export type MemberBadge = 'leader' | 'co-leader' | 'certified teacher';

/**
 * Community leadership (level 9; docs/features/mentoring-leadership-teaching.md). A leader pins
 * a weekly practice prompt to a circle they own or co-lead; an owner names level-9 members of the
 * circle co-leaders. Every member of a circle sees its prompt and the badges beside names.
 *
 * GET    /leadership                              200 {circles: LedCircle[]} | 403 feature_locked (below 9)
 * PUT    /leadership/circles/:id/prompt           200 LedCircle | 400 prompt (1-200, one line) | 403
 *                                                 feature_locked | 403 not_a_leader | 404
 * DELETE /leadership/circles/:id/prompt           200 LedCircle | 403 | 404
 * POST   /leadership/circles/:id/co-leaders       201 LedCircle | 400 userId | 403 not_the_owner | 404
 *                                                 not_in_circle | 409 below_level_9. Body {userId}
 * DELETE /leadership/circles/:id/co-leaders/:uid  200 LedCircle | 403 not_the_owner | 404
 * GET    /leadership/circles/:id/members          200 {prompt: Prompt|null, members: {firstName,
 *                                                 badges}[]} for the circle's members (any level) | 404
 *
 * LedCircle: {id, name, role: owner|co-leader, prompt: Prompt|null, members: {id, firstName, level,
 * coLeader, owner}[]}. Prompt: {text, weekOf, byFirstName}: shown in the week it was pinned only.
 * Writes take an Idempotency-Key (the prompt may be queued offline).
 */
export function leadershipRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const auth = requireUser(deps);
  const idem = createIdempotency(deps);
  const gate = requireFeature(deps, 'community_leadership');
  const circleId = paramBeforeGate((raw) => parseId(raw, 'circle'));

  const notFound = () => new ApiError(404, 'circle_not_found', 'There is no circle with this id.');

  async function circleOf(db: SqlExecutor, id: number) {
    return db.get<{ id: number; name: string; creator_id: string | null }>(
      'SELECT id, name, creator_id FROM voice_circles WHERE id = ?',
      [id],
    );
  }

  async function isCoLeader(db: SqlExecutor, circleId: number, userId: string) {
    return !!(await db.get('SELECT 1 AS x FROM circle_co_leaders WHERE circle_id = ? AND user_id = ?', [
      circleId,
      userId,
    ]));
  }

  /** This week's prompt of a circle, or null (last week's is not shown). */
  async function promptOf(db: SqlExecutor, circleId: number) {
    const row = await db.get<{ prompt: string; week_of: string; first_name: string | null }>(
      `SELECT p.prompt, p.week_of, u.first_name FROM circle_prompts p JOIN users u ON u.id = p.author_id
       WHERE p.circle_id = ?`,
      [circleId],
    );
    if (!row || row.week_of !== weekOf(deps.now())) return null;
    return { text: row.prompt, weekOf: row.week_of, byFirstName: firstNameOf(row.first_name ?? '') };
  }

  const membersOf = (db: SqlExecutor, circleId: number) =>
    db.all<MemberRow>(
      `SELECT u.id, u.first_name,
         CASE WHEN EXISTS (SELECT 1 FROM circle_co_leaders l WHERE l.circle_id = m.circle_id AND l.user_id = u.id)
           THEN 1 ELSE 0 END AS co_leader
       FROM circle_members m JOIN users u ON u.id = m.user_id WHERE m.circle_id = ? ORDER BY m.joined_at, u.id`,
      [circleId],
    );

  async function ledCircle(
    db: SqlExecutor,
    circle: { id: number; name: string; creator_id: string | null },
    me: string,
  ) {
    const members = await membersOf(db, Number(circle.id));
    return {
      id: Number(circle.id),
      name: circle.name,
      role: circle.creator_id === me ? ('owner' as const) : ('co-leader' as const),
      prompt: await promptOf(db, Number(circle.id)),
      members: await Promise.all(
        members.map(async (m) => ({
          id: m.id,
          firstName: firstNameOf(m.first_name ?? ''),
          level: (await memberLevel(db, m.id)).level,
          coLeader: Number(m.co_leader) === 1,
          owner: m.id === circle.creator_id,
        })),
      ),
    };
  }

  /** The circle `id` when the caller owns or co-leads it; 404 when there is none, 403 otherwise. */
  async function ledBy(db: SqlExecutor, id: number, me: string, ownerOnly = false) {
    const circle = await circleOf(db, id);
    if (!circle) throw notFound();
    if (circle.creator_id === me) return circle;
    if (ownerOnly)
      throw new ApiError(
        403,
        'not_the_owner',
        'Only the member who created this circle names its co-leaders.',
      );
    if (!(await isCoLeader(db, id, me)))
      throw new ApiError(403, 'not_a_leader', 'Only the circle’s owner and its co-leaders pin its prompt.');
    return circle;
  }

  r.get('/leadership', auth, gate, async (c) => {
    const me = c.var.user.id;
    const rows = await deps.sql.all<{ id: number; name: string; creator_id: string | null }>(
      `SELECT c.id, c.name, c.creator_id FROM voice_circles c
       WHERE c.creator_id = ? OR EXISTS (SELECT 1 FROM circle_co_leaders l WHERE l.circle_id = c.id AND l.user_id = ?)
       ORDER BY c.name, c.id`,
      [me, me],
    );
    return c.json({ circles: await Promise.all(rows.map((row) => ledCircle(deps.sql, row, me))) });
  });

  r.put('/leadership/circles/:id/prompt', auth, circleId, gate, async (c) => {
    const key = idem.keyOf(c);
    const id = parseId(c.req.param('id'), 'circle');
    const body = await jsonBody(c, promptBody);
    const me = c.var.user.id;
    const now = deps.now();
    return idem.respond(c, key, async (tx) => {
      const circle = await ledBy(tx, id, me);
      await tx.run(
        `INSERT INTO circle_prompts (circle_id, author_id, prompt, week_of, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (circle_id) DO UPDATE SET author_id = excluded.author_id, prompt = excluded.prompt,
           week_of = excluded.week_of, updated_at = excluded.updated_at`,
        [id, me, body.prompt, weekOf(now), new Date(now).toISOString()],
      );
      return { status: 200, body: await ledCircle(tx, circle, me) };
    });
  });

  r.delete('/leadership/circles/:id/prompt', auth, circleId, gate, async (c) => {
    const key = idem.keyOf(c);
    const id = parseId(c.req.param('id'), 'circle');
    const me = c.var.user.id;
    return idem.respond(c, key, async (tx) => {
      const circle = await ledBy(tx, id, me);
      await tx.run('DELETE FROM circle_prompts WHERE circle_id = ?', [id]);
      return { status: 200, body: await ledCircle(tx, circle, me) };
    });
  });

  r.post('/leadership/circles/:id/co-leaders', auth, circleId, gate, async (c) => {
    const key = idem.keyOf(c);
    const id = parseId(c.req.param('id'), 'circle');
    const body = await jsonBody(c, coLeaderBody);
    const me = c.var.user.id;
    return idem.respond(c, key, async (tx) => {
      const circle = await ledBy(tx, id, me, true);
      if (body.userId === me)
        throw new ApiError(400, 'validation_failed', 'Invalid userId: you lead this circle already', {
          userId: 'you lead this circle already',
        });
      const member = await tx.get('SELECT 1 AS x FROM circle_members WHERE circle_id = ? AND user_id = ?', [
        id,
        body.userId,
      ]);
      if (!member)
        throw new ApiError(404, 'not_in_circle', 'That member is not in this circle.', {
          userId: 'not a member of this circle',
        });
      const { tokens } = await memberLevel(tx, body.userId);
      if (!isFeatureUnlocked('community_leadership', tokens))
        throw new ApiError(409, 'below_level_9', 'A co-leader needs to have reached level 9.', {
          userId: 'below level 9',
        });
      await tx.run(
        'INSERT INTO circle_co_leaders (circle_id, user_id, named_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
        [id, body.userId, new Date(deps.now()).toISOString()],
      );
      return { status: 201, body: await ledCircle(tx, circle, me) };
    });
  });

  r.delete('/leadership/circles/:id/co-leaders/:userId', auth, circleId, gate, async (c) => {
    const key = idem.keyOf(c);
    const id = parseId(c.req.param('id'), 'circle');
    const me = c.var.user.id;
    return idem.respond(c, key, async (tx) => {
      const circle = await ledBy(tx, id, me, true);
      await tx.run('DELETE FROM circle_co_leaders WHERE circle_id = ? AND user_id = ?', [
        id,
        c.req.param('userId'),
      ]);
      return { status: 200, body: await ledCircle(tx, circle, me) };
    });
  });

  r.get('/leadership/circles/:id/members', auth, async (c) => {
    const me = c.var.user.id;
    const id = parseId(c.req.param('id'), 'circle');
    const circle = await circleOf(deps.sql, id);
    const mine =
      circle &&
      (await deps.sql.get('SELECT 1 AS x FROM circle_members WHERE circle_id = ? AND user_id = ?', [id, me]));
    if (!circle || !mine) throw notFound();
    const members = await membersOf(deps.sql, id);
    const certified = await certifiedAmong(
      deps.sql,
      members.map((m) => m.id),
    );
    const view = await Promise.all(
      members.map(async (m) => {
        const badges: MemberBadge[] = [];
        if (
          m.id === circle.creator_id &&
          isFeatureUnlocked('community_leadership', (await memberLevel(deps.sql, m.id)).tokens)
        )
          badges.push('leader');
        if (Number(m.co_leader) === 1) badges.push('co-leader');
        if (certified.has(m.id)) badges.push('certified teacher');
        return { firstName: firstNameOf(m.first_name ?? ''), badges };
      }),
    );
    return c.json({ prompt: await promptOf(deps.sql, id), members: view });
  });

  return r;
}
