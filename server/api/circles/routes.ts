import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { liveStreams } from '../../lib/live-streams';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import { accessEnded, onAccessEnded } from '../../lib/access-ended';
import { ApiError, jsonBody } from '../../lib/http';
import { FOCUS_AREAS, LOBBY_MS, SESSION_TYPES, SKILL_LEVELS, WEEK_MS } from '../../../src/domain/circles';
import { stillEntitled } from './entitlement';
import { createLiveHub, type LiveSessionInfo } from './live';
import { createDbPresence } from './presence';
import { firstNameOf, nextStartMs, presentCircle, stepsOf, unseenCircle } from './present';
import { practiceRoutes } from './practice-routes';
import { createCirclesRepository, type CircleRow } from './repository';
import { lineText, multilineText } from '../../lib/text';
import { parseInstant, instantField } from '../../lib/dates';
import { idField, parseId as parseIdText } from '../../lib/ids';
import { isValidTimeZone } from '../../../src/domain/streaks';
import { keptZone } from '../practice/zone';

/** Open live streams a member may hold at once (tabs, devices); the next one gets 429. */
export const MAX_STREAMS_PER_MEMBER = 3;
/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;

const circleBody = z
  .object({
    name: lineText().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters'),
    description: multilineText().trim().max(500, 'must be at most 500 characters').default(''),
    sessionType: z.enum(SESSION_TYPES).default('asynchronous'),
    focusArea: z.union([z.enum(FOCUS_AREAS), z.literal('')]).default(''),
    skillLevel: z.enum(SKILL_LEVELS).default('all'),
    maxParticipants: z.number().int().min(2, 'must be at least 2').max(50, 'must be at most 50').default(8),
    duration: z.number().int().min(5, 'must be at least 5 minutes').max(180).default(30),
    scheduledTime: instantField('must be an ISO date-time').nullish(),
    isPrivate: z.boolean().default(false),
    templateId: idField().nullish(),
  })
  .strict();

/**
 * Voice circles. Who is calling always comes from the token.
 *
 * Every circle and session carries `timeZone`, the member's own zone: the one the server keeps
 * for them (practice/zone.ts), or for a member whose app never reported one the zone the app
 * names in `?tz=` (400 when it is not an IANA zone), else UTC. The app tells times in it.
 *
 * GET  /voice-circles?tz=             200 VoiceCircle[] (public ones, plus private ones the caller is in)
 * GET  /voice-circles/my-circles?tz=  200 VoiceCircle[] (the caller's circles)
 * GET  /voice-circles/templates       200 {id,title,durationSec}[] (plans a new circle can practise)
 * GET  /voice-circles/:id?invite=&tz= 200 VoiceCircle & {members, template, hostName} | 404 circle_not_found
 *                                     | 404 circle_private (private without invite: says only that)
 * POST /voice-circles                 201 VoiceCircle & {newBadges} | 400 (the creator joins at once)
 * POST /voice-circles/:id/join        201 joined | 200 already a member: VoiceCircle & {newBadges}
 *                                     | 404 | 409 'This circle is full' (body {inviteCode} for private)
 * POST /voice-circles/:id/leave       200 VoiceCircle | 404
 * GET  /voice-circles/:id/live        text/event-stream of `state` events | 403 not_a_member (public circle:
 *                                     the app offers to join) | 404 circle_private | 409 not open | 429
 * GET  /group-sessions/upcoming?tz=  200 {id,circleId,title,description,startTime,endTime,participantCount,
 *                                     timeZone}[]
 */
export function circlesRoutes(
  deps: AppDeps,
  opts: { heartbeatMs?: number; maxStreamsPerMember?: number } = {},
): Hono<AppEnv> {
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const maxStreams = opts.maxStreamsPerMember ?? MAX_STREAMS_PER_MEMBER;
  const r = new Hono<AppEnv>();
  const repo = createCirclesRepository(deps.sql);
  const presence = createDbPresence(deps.sql, deps.now);
  const hub = createLiveHub(presence, deps.now, (holders) => stillEntitled(deps.sql, holders));
  onAccessEnded(deps, (userId) => hub.sweepMember(userId));
  const auth = requireUser(deps);
  /** The member's own zone (see the header); read once per request. */
  const zoneOf = async (c: Context<AppEnv>): Promise<string> => {
    const kept = await keptZone(deps.sql, c.var.user.id, deps.now());
    if (kept) return kept;
    const named = c.req.query('tz');
    if (named === undefined) return 'UTC';
    if (!isValidTimeZone(named))
      throw new ApiError(400, 'validation_failed', 'tz must be an IANA time zone such as Europe/London.', {
        tz: 'invalid time zone',
      });
    return named;
  };
  const presenter = async (c: Context<AppEnv>) => {
    const zone = await zoneOf(c);
    return (row: CircleRow) => presentCircle(row, c.var.user.id, deps.now(), deps.config.publicUrl, zone);
  };

  const parseId = (raw: string) => parseIdText(raw, 'circle');
  /** A circle the caller may see: public, theirs, or a private one opened with its invite code. */
  const visible = async (id: number, me: string, invite?: string | null) => {
    const row = await repo.one(id, me);
    const allowed =
      row &&
      (row.is_private === 0 ||
        row.is_member === 1 ||
        row.creator_id === me ||
        (invite != null && invite.length > 0 && safeEqual(invite, row.invite_code)));
    if (!row || !allowed) throw unseenCircle(row);
    return row;
  };

  r.get('/voice-circles', auth, async (c) => {
    const present = await presenter(c);
    return c.json((await repo.discover(c.var.user.id)).map(present));
  });
  r.get('/voice-circles/my-circles', auth, async (c) => {
    const present = await presenter(c);
    return c.json((await repo.mine(c.var.user.id)).map(present));
  });
  r.get('/voice-circles/templates', auth, async (c) =>
    c.json((await repo.templates()).map((t) => ({ id: t.id, title: t.title, durationSec: t.duration_sec }))),
  );

  r.get('/voice-circles/:id', auth, async (c) => {
    const me = c.var.user.id;
    const row = await visible(parseId(c.req.param('id')), me, c.req.query('invite'));
    const template = await repo.templateOf(row);
    const present = await presenter(c);
    return c.json({
      ...present(row),
      // Whose circle it is (the host's first name), so a visitor knows whom they would join.
      hostName: row.creator_id ? firstNameOf(await repo.firstName(row.creator_id)) : null,
      // Members see who else is in the circle; others see only the count.
      members: row.is_member ? (await repo.memberNames(row.id)).map((m) => firstNameOf(m.first_name)) : [],
      template: template
        ? {
            id: template.id,
            title: template.title,
            durationSec: template.duration_sec,
            steps: stepsOf(template),
          }
        : null,
    });
  });

  r.post('/voice-circles', auth, async (c) => {
    const body = await jsonBody(c, circleBody);
    const now = deps.now();
    let scheduledTime: string | null = null;
    if (body.sessionType === 'real_time') {
      if (!body.scheduledTime)
        throw new ApiError(400, 'validation_failed', 'Invalid scheduledTime: a live circle needs a time', {
          scheduledTime: 'required for real_time circles',
        });
      const ms = parseInstant(body.scheduledTime) as number; // checked by instantField
      // A weekly time: a first session earlier today is fine, far past or far future is a typo.
      if (ms < now - 24 * 3600_000 || ms > now + 8 * WEEK_MS)
        throw new ApiError(
          400,
          'validation_failed',
          'Invalid scheduledTime: must be within the next 8 weeks',
          {
            scheduledTime: 'must be within the next 8 weeks',
          },
        );
      scheduledTime = new Date(ms).toISOString();
    }
    if (body.templateId != null && !(await repo.templateExists(body.templateId)))
      throw new ApiError(400, 'validation_failed', 'Invalid templateId: there is no such session template', {
        templateId: 'unknown template',
      });
    const { circle, newBadges } = await repo.create(
      c.var.user.id,
      {
        ...body,
        description: body.description,
        scheduledTime,
        templateId: body.templateId ?? null,
        inviteCode: crypto.randomBytes(12).toString('base64url'),
      },
      new Date(now).toISOString(),
    );
    return c.json({ ...(await presenter(c))(circle), newBadges }, 201);
  });

  r.post('/voice-circles/:id/join', auth, async (c) => {
    const me = c.var.user.id;
    const id = parseId(c.req.param('id'));
    const body = await jsonBody(
      c,
      z
        .object({ inviteCode: lineText().max(100).optional() })
        .strict()
        .optional(),
    );
    await visible(id, me, body?.inviteCode);
    const result = await repo.join(id, me, new Date(deps.now()).toISOString());
    if (result.kind === 'missing')
      throw new ApiError(404, 'circle_not_found', 'There is no circle with this id.');
    if (result.kind === 'full') throw new ApiError(409, 'circle_full', 'This circle is full');
    return c.json(
      { ...(await presenter(c))(result.circle), newBadges: result.newBadges },
      result.kind === 'joined' ? 201 : 200,
    );
  });

  r.post('/voice-circles/:id/leave', auth, async (c) => {
    const me = c.var.user.id;
    const row = await visible(parseId(c.req.param('id')), me);
    await repo.leave(row.id, me);
    await accessEnded(deps, me); // closes their live streams of this circle before we answer
    return c.json((await presenter(c))((await repo.one(row.id, me)) as CircleRow));
  });

  r.route('/', practiceRoutes(deps, repo, auth, parseId));

  r.get('/group-sessions/upcoming', auth, async (c) => {
    const me = c.var.user.id;
    const now = deps.now();
    const timeZone = await zoneOf(c);
    const sessions = (await repo.mine(me))
      .filter((row) => row.session_type === 'real_time')
      .map((row) => {
        const start = nextStartMs(row, now) as number;
        return {
          id: `${row.id}-${start}`,
          circleId: row.id,
          title: row.name,
          description: row.description,
          startTime: new Date(start).toISOString(),
          endTime: new Date(start + row.duration_min * 60_000).toISOString(),
          participantCount: row.current_participants,
          timeZone,
        };
      })
      .sort((a, b) => a.startTime.localeCompare(b.startTime));
    return c.json(sessions);
  });

  r.get('/voice-circles/:id/live', auth, async (c) => {
    const me = c.var.user.id;
    const row = await visible(parseId(c.req.param('id')), me);
    if (!row.is_member)
      throw new ApiError(403, 'not_a_member', 'Join this circle to take part in its live sessions.');
    if (row.session_type !== 'real_time')
      throw new ApiError(409, 'not_live', 'This circle practises in its own time, not live.');
    const now = deps.now();
    const start = nextStartMs(row, now) as number;
    if (now < start - LOBBY_MS)
      throw new ApiError(
        409,
        'not_open',
        'This live session is not open yet: it opens 15 minutes before it starts.',
        { startTime: new Date(start).toISOString() },
      );
    const template = await repo.templateOf(row);
    const info: LiveSessionInfo = {
      key: `${row.id}-${start}`,
      circleId: row.id,
      title: row.name,
      templateId: template?.id ?? null,
      templateTitle: template?.title ?? '',
      startMs: start,
      endMs: start + row.duration_min * 60_000,
      steps: stepsOf(template),
    };
    const member = { userId: me, firstName: firstNameOf(await repo.firstName(me)) };
    // The slot is taken before the stream opens, so the cap can still answer 429.
    const connId = crypto.randomUUID();
    if (!(await hub.claim(info, connId, member, maxStreams)))
      throw new ApiError(429, 'too_many_streams', 'You already have this session open in too many places.');
    c.header('X-Accel-Buffering', 'no'); // nginx: pass events through unbuffered
    return streamSSE(c, async (stream) => {
      let finish = () => {};
      const done = new Promise<void>((resolve) => (finish = resolve));
      stream.onAbort(finish);
      c.req.raw.signal.addEventListener('abort', finish);
      const disconnect = await hub.attach(
        info,
        { connId, userId: me, authSessionId: c.var.user.sessionId },
        (e) => {
          void stream.writeSSE({ event: e.event, data: JSON.stringify(e.data) });
          if (e.event === 'end') finish();
        },
        () => finish(),
      );
      const heartbeat = setInterval(() => void stream.write(': keep-alive\n\n'), heartbeatMs);
      liveStreams.open++;
      try {
        await done;
      } finally {
        liveStreams.open--;
        clearInterval(heartbeat);
        await disconnect();
      }
    });
  });

  return r;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
