import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import type { SqlExecutor } from '../../db/sql';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency } from '../../lib/idempotency';
import { lineText, multilineText } from '../../lib/text';
import {
  MAX_DECLINE_REASON,
  MAX_STATEMENT,
  MAX_TEACHES,
  MAX_TEACHING_LINKS,
  type ApplicationStatus,
} from '../../../src/domain/mentoring';
import { firstNameOf } from '../circles/present';
import { requireFeature } from '../practice/feature-gate';
import { readPractice } from '../practice/ledger';
import { isCertifiedTeacher } from './certified';

const applicationBody = z
  .object({
    teaches: lineText()
      .trim()
      .min(1, 'must not be empty')
      .max(MAX_TEACHES, `must be at most ${MAX_TEACHES} characters`),
    statement: multilineText()
      .trim()
      .min(1, 'must not be empty')
      .max(MAX_STATEMENT, `must be at most ${MAX_STATEMENT} characters`),
    links: z
      .array(z.url({ protocol: /^https?$/, error: 'must be http(s) links to your sessions or recordings' }), {
        error: 'must be a list of links',
      })
      .max(MAX_TEACHING_LINKS, `must be at most ${MAX_TEACHING_LINKS} links`)
      .default([]),
  })
  .strict();

const decisionBody = z
  .object({
    decision: z.enum(['approve', 'decline'], { error: 'must be approve or decline' }),
    reason: multilineText()
      .trim()
      .max(MAX_DECLINE_REASON, `must be at most ${MAX_DECLINE_REASON} characters`)
      .default(''),
  })
  .strict();

interface ApplicationRow {
  user_id: string;
  teaches: string;
  statement: string;
  links_json: string;
  status: ApplicationStatus;
  reason: string | null;
  submitted_at: string;
  reviewed_at: string | null;
}

const COLUMNS = 'user_id, teaches, statement, links_json, status, reason, submitted_at, reviewed_at';

function linksOf(json: string): string[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

const presentApplication = (row: ApplicationRow) => ({
  teaches: row.teaches,
  statement: row.statement,
  links: linksOf(row.links_json),
  status: row.status,
  reason: row.reason,
  submittedAt: row.submitted_at,
  reviewedAt: row.reviewed_at,
});

/** The practice record an application shows, read from the ledger when shown (never stored). */
async function recordOf(sql: SqlExecutor, userId: string, nowMs: number) {
  const { summary } = await readPractice(sql, userId, nowMs);
  return { daysPractised: summary.practiceDays.length, sessions: summary.sessions, minutes: summary.minutes };
}

/**
 * Teaching certification (level 10; docs/features/mentoring-leadership-teaching.md) and its
 * review by admins (ADMIN_EMAILS, server/config.ts).
 *
 * GET  /teaching                                 200 {application: Application|null, record} | 403 feature_locked
 * POST /teaching/application                     201 {application, record} | 400 naming the field |
 *                                                403 feature_locked | 409 application_open (submitted or
 *                                                approved already; a declined one may be sent again).
 *                                                Body {teaches (1-120), statement (1-1000), links?: ≤2 http(s)}
 * GET  /teaching/certified                       200 {certified} (the caller; any level, for the profile)
 * GET  /admin/me                                200 {isAdmin} (whether the caller's e-mail is in ADMIN_EMAILS)
 * GET  /admin/teaching-applications              200 {applications: Review[]} (submitted first) | 403 not_admin
 * POST /admin/teaching-applications/:userId      200 Review | 400 decision/reason (a decline needs a reason)
 *                                                | 403 not_admin | 404 | 409 already_decided.
 *                                                Body {decision: approve|decline, reason?}
 *
 * Application: {teaches, statement, links, status: submitted|approved|declined, reason, submittedAt,
 * reviewedAt}. record: {daysPractised, sessions, minutes} from the ledger. Review: Application &
 * {userId, firstName, email, record}.
 */
export function teachingRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const auth = requireUser(deps);
  const idem = createIdempotency(deps);
  const gate = requireFeature(deps, 'teaching_certification');
  const admins = new Set(deps.config.adminEmails.map((e) => e.toLowerCase()));

  const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!admins.has(c.var.user.email.toLowerCase()))
      throw new ApiError(403, 'not_admin', 'Reviewing teaching applications is for the app’s admins only.');
    await next();
  };

  const applicationOf = (db: SqlExecutor, userId: string) =>
    db.get<ApplicationRow>(`SELECT ${COLUMNS} FROM teaching_applications WHERE user_id = ?`, [userId]);

  r.get('/teaching', auth, gate, async (c) => {
    const me = c.var.user.id;
    const row = await applicationOf(deps.sql, me);
    return c.json({
      application: row ? presentApplication(row) : null,
      record: await recordOf(deps.sql, me, deps.now()),
    });
  });

  r.get('/teaching/certified', auth, async (c) =>
    c.json({ certified: await isCertifiedTeacher(deps.sql, c.var.user.id) }),
  );

  r.post('/teaching/application', auth, gate, async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, applicationBody);
    const me = c.var.user.id;
    const now = deps.now();
    return idem.respond(c, key, async (tx) => {
      // A declined application may be sent again; an open or approved one is kept as it is.
      const row = await tx.get<ApplicationRow>(
        `INSERT INTO teaching_applications (user_id, teaches, statement, links_json, status, submitted_at)
         VALUES (?, ?, ?, ?, 'submitted', ?)
         ON CONFLICT (user_id) DO UPDATE SET teaches = excluded.teaches, statement = excluded.statement,
           links_json = excluded.links_json, status = 'submitted', reason = NULL,
           submitted_at = excluded.submitted_at, reviewed_at = NULL, reviewer_email = NULL
         WHERE teaching_applications.status = 'declined'
         RETURNING ${COLUMNS}`,
        [me, body.teaches, body.statement, JSON.stringify(body.links), new Date(now).toISOString()],
      );
      if (!row)
        throw new ApiError(
          409,
          'application_open',
          'Your application is already with the team (or approved): there is nothing to send again.',
        );
      return {
        status: 201,
        body: { application: presentApplication(row), record: await recordOf(tx, me, now) },
      };
    });
  });

  async function review(db: SqlExecutor, row: ApplicationRow) {
    const user = await db.get<{ first_name: string | null; email: string }>(
      'SELECT first_name, email FROM users WHERE id = ?',
      [row.user_id],
    );
    return {
      userId: row.user_id,
      firstName: firstNameOf(user?.first_name ?? ''),
      email: user?.email ?? '',
      ...presentApplication(row),
      record: await recordOf(db, row.user_id, deps.now()),
    };
  }

  r.get('/admin/me', auth, (c) => c.json({ isAdmin: admins.has(c.var.user.email.toLowerCase()) }));

  r.get('/admin/teaching-applications', auth, requireAdmin, async (c) => {
    const rows = await deps.sql.all<ApplicationRow>(
      `SELECT ${COLUMNS} FROM teaching_applications
       ORDER BY CASE status WHEN 'submitted' THEN 0 ELSE 1 END, submitted_at, user_id LIMIT 200`,
    );
    return c.json({ applications: await Promise.all(rows.map((row) => review(deps.sql, row))) });
  });

  r.post('/admin/teaching-applications/:userId', auth, requireAdmin, async (c) => {
    const body = await jsonBody(c, decisionBody);
    if (body.decision === 'decline' && body.reason === '')
      throw new ApiError(
        400,
        'validation_failed',
        'Invalid reason: a decline needs a reason the member reads',
        {
          reason: 'required when declining',
        },
      );
    const userId = c.req.param('userId');
    const row = await deps.sql.transaction(async (tx) => {
      if (!(await applicationOf(tx, userId)))
        throw new ApiError(404, 'application_not_found', 'There is no application from this member.');
      // Decided once: a second admin's click (or a double click) finds it decided.
      const updated = await tx.get<ApplicationRow>(
        `UPDATE teaching_applications SET status = ?, reason = ?, reviewed_at = ?, reviewer_email = ?
         WHERE user_id = ? AND status = 'submitted' RETURNING ${COLUMNS}`,
        [
          body.decision === 'approve' ? 'approved' : 'declined',
          body.decision === 'decline' ? body.reason : null,
          new Date(deps.now()).toISOString(),
          c.var.user.email.toLowerCase(),
          userId,
        ],
      );
      if (!updated) throw new ApiError(409, 'already_decided', 'This application has been decided already.');
      return updated;
    });
    return c.json(await review(deps.sql, row));
  });

  return r;
}
