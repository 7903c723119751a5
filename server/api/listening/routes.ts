import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { assertSelf, requireUser } from '../../auth/caller';
import { ApiError, jsonBody } from '../../lib/http';
import { isValidTimeZone, localDateOf } from '../../../src/domain/streaks';
import { toneTokensFor } from '../../../src/domain/tokens';
import { advanceProgramsAfter } from '../learning/advance';
import { buildDashboard } from './dashboard';
import { countsAsSession, isListeningTrack } from '../../../src/domain/practice';
import { awardStreakRewards, type AwardedStreakReward } from '../practice/streak-rewards';
import { hasSession, presentCompleted, readPractice, recordPractice, tokenBalance } from '../practice/ledger';
import { practisedFields, practisedSeconds } from './practised';
import { presentSession } from './present';
import { awardBadges } from '../achievements/award';
import { createCompletionLimiter } from './completion-limit';
import { effectiveZone } from './member-zone';
import { createListeningRepository } from './repository';
import type { SqlExecutor } from '../../db/sql';
import { createIdempotency, type Answer } from '../../lib/idempotency';
import { occurredAtField, occurredAtMs, zoneAt } from './occurred-at';
import { lineText } from '../../lib/text';
import { idField, parseId } from '../../lib/ids';

const sessionId = idField('must be a session id', { text: true });
const timeZone = z
  .string()
  .trim()
  .refine(isValidTimeZone, 'must be an IANA time zone such as Europe/London')
  .default('UTC');
const completionBody = z.object({
  sessionId,
  title: lineText().trim().max(200).optional(),
  // Only a report of where the member is: the stored zone decides the day (member-zone.ts).
  timeZone: z
    .string()
    .trim()
    .refine(isValidTimeZone, 'must be an IANA time zone such as Europe/London')
    .optional(),
  occurredAt: occurredAtField,
  ...practisedFields,
});

/** A catalogue session's focuses (its category column: a JSON array in both databases). */
function categoriesOf(category: unknown): string[] {
  let list: unknown = category;
  if (typeof category === 'string') {
    try {
      list = JSON.parse(category);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
}

/** The completion answer; `programs` only when the completion moved a program on. */
function answer(
  status: 200 | 201,
  isFirst: boolean,
  awarded: number,
  total: number,
  newBadges: unknown[],
  programs: unknown[],
  practice?: { counted: boolean; practisedSec: number; plannedSec: number; listening?: boolean },
  streakRewards: AwardedStreakReward[] = [],
): Answer {
  return {
    status,
    body: {
      isFirstSession: isFirst,
      tokensAwarded: awarded,
      totalTokens: total,
      newBadges,
      streakRewards,
      ...(programs.length > 0 ? { programs } : {}),
      ...(practice ?? {}),
    },
  };
}

/**
 * The listening part of the app API: catalogue fallback, echoes, completions (tone tokens) and
 * the dashboard. "Who am I" always comes from the token; a path id must be the caller's own.
 *
 * GET  /voice-sessions                 200 Session[] (public, as the sessions table)
 * POST /sessions/:id/echo              200 {sessionId, echoed, echoes, newBadges} | 400 | 401 | 404
 *                                      (Idempotency-Key honoured, as for completions)
 * GET  /users/:id/echoed-sessions      200 {id,title}[] | 401 | 403
 * POST /session-completions            201 new | 200 repeat the same local day (member's stored zone):
 *                                      {isFirstSession, tokensAwarded, totalTokens, newBadges,
 *                                       streakRewards, counted, practisedSec, plannedSec (201 only),
 *                                       listening (201, a listening-room track only)}
 *                                      a listening-room track (catalogue row with an instrumental
 *                                      and no voice track) is listening minutes: counted false,
 *                                      listening true, no tokens, streak day, session or badge
 *                                      streakRewards: [{days, bonus, runStart, localDate}] the
 *                                      streak milestones this session reached (level 3+)
 *                                      body may carry listenedSec / startedAt (practised.ts): less
 *                                      than half the session is partial practice (201, counted
 *                                      false: minutes only, no tokens, no streak day)
 *                                      | 400 | 401 | 404 | 429 too fast (Retry-After; nothing recorded)
 *                                      body may carry occurredAt (queued offline: the day it happened);
 *                                      Idempotency-Key header: once per key (server/lib/idempotency.ts)
 *                                      | 422 key reused for another body
 * GET  /users/:id/completed-sessions   200 {kind,sessionId,title,completedAt,localDate,minutes}[]
 *                                      every session of the practice ledger, both kinds | 401 | 403
 * GET  /users/:id/dashboard?tz=        200 {streaks, user, totals {minutes, listeningMinutes, sessions},
 *                                      timeZone, today} from the practice ledger, in the
 *                                      member's stored zone (tz is checked, then only a report)
 *                                      | 400 bad tz | 401 | 403
 */
export function listeningRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const repo = createListeningRepository(deps.sql);
  const auth = requireUser(deps);
  const limiter = createCompletionLimiter(deps.now);
  const idem = createIdempotency(deps);

  const requireSession = async (raw: string) => {
    const session = await repo.session(parseId(raw, 'session'));
    if (!session) throw new ApiError(404, 'session_not_found', 'There is no session with this id.');
    return session;
  };

  // Public like the sessions table it mirrors: discover falls back to it when the table read fails.
  r.get('/voice-sessions', async (c) => c.json((await repo.allSessions()).map(presentSession)));

  r.post('/sessions/:id/echo', auth, async (c) => {
    const key = idem.keyOf(c);
    const session = await requireSession(c.req.param('id'));
    return idem.respond(c, key, async (tx) => {
      const at = new Date(deps.now()).toISOString();
      const { echoes, newBadges } = await repo.echo(tx, c.var.user.id, session.id, at);
      return { status: 200, body: { sessionId: session.id, echoed: true, echoes, newBadges } };
    });
  });

  r.get('/users/:id/echoed-sessions', auth, async (c) => {
    assertSelf(c.var.user, c.req.param('id'));
    return c.json(await repo.echoedSessions(c.var.user.id));
  });

  r.post('/session-completions', auth, async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, completionBody);
    const session = await requireSession(String(body.sessionId));
    const userId = c.var.user.id;
    const now = deps.now();
    // A completion queued offline counts on the day it happened (occurred-at.ts bounds it).
    const at = occurredAtMs(body.occurredAt, now);
    const tokens = toneTokensFor(session.skill_level);
    const completedAt = new Date(at).toISOString();
    const plannedSec = session.length_sec;
    const practisedSec = practisedSeconds(plannedSec, at, body);
    // A listening-room track is listening, whatever the app says: its catalogue row decides.
    const listening = isListeningTrack({ voicePath: session.voice_path, instrPath: session.instr_path });
    const counted = !listening && countsAsSession(practisedSec, plannedSec);
    const entry = (localDate: string, sourceId: number | null) => ({
      userId,
      kind: listening ? ('listening' as const) : ('catalogue' as const),
      itemId: session.id,
      title: session.title,
      categories: categoriesOf(session.category),
      practisedAt: completedAt,
      localDate,
      plannedSec,
      practisedSec,
      counted: sourceId !== null,
      earned: sourceId !== null ? tokens : 0,
      sourceId,
    });
    // A finished session can be an enrolled program's next step (issue 12): it moves the
    // program on in the same transaction, also on a same-day repeat that earns no tokens.
    const advance = (tx: SqlExecutor) =>
      advanceProgramsAfter(tx, userId, { kind: 'session', id: session.id }, completedAt);
    const repeat = async (tx: SqlExecutor) => {
      const programs = await advance(tx);
      return answer(
        200,
        false,
        0,
        await tokenBalance(tx, userId),
        programs.flatMap((p) => p.newBadges),
        programs,
      );
    };
    return idem.respond(c, key, async (tx) => {
      // The zone in force when it happened, read before the request's zone is noted.
      const zone = await zoneAt(tx, userId, body.timeZone, at);
      await effectiveZone(tx, userId, body.timeZone, now);
      const localDate = localDateOf(at, zone);
      if (listening) {
        // Listening minutes, kept apart from practice: no tokens, no streak day, no session, no
        // program step, no once-a-day slot, and no badge (no badge counts listening).
        await recordPractice(tx, entry(localDate, null));
        const practice = { counted, practisedSec, plannedSec, listening };
        return answer(201, false, 0, await tokenBalance(tx, userId), [], [], practice);
      }
      if (!counted) {
        // Partial practice: on the ledger for its minutes; no tokens, no streak day, no step.
        await recordPractice(tx, entry(localDate, null));
        const badges = await awardBadges(tx, userId, 'completion');
        const practice = { counted, practisedSec, plannedSec };
        return answer(201, false, 0, await tokenBalance(tx, userId), badges, [], practice);
      }
      if (await repo.completedOn(tx, userId, session.id, localDate)) return repeat(tx);
      const isFirst = !(await hasSession(tx, userId));
      const id = await repo.complete(tx, {
        userId,
        sessionId: session.id,
        title: session.title,
        completedAt,
        localDate,
        timeZone: zone,
        tokens,
      });
      if (id === null) return repeat(tx);
      const entryId = await recordPractice(tx, entry(localDate, id));
      // The budget is spent on arrival, replays included: a few queued sessions fit at once,
      // and the app's outbox waits out a 429's Retry-After and sends the rest later. A refusal
      // throws, which rolls the completion just written back with the transaction.
      const wait = await limiter.trySpend(tx, userId, session.length_sec);
      if (wait > 0) {
        c.header('Retry-After', String(wait));
        throw new ApiError(
          429,
          'too_many_completions',
          `That is more listening than fits in the time that passed. Try again in ${wait} seconds.`,
        );
      }
      const rewards = await awardStreakRewards(
        tx,
        userId,
        { id: entryId, localDate, practisedAt: completedAt },
        now,
      );
      const badges = await awardBadges(tx, userId, 'completion');
      const programs = await advance(tx);
      badges.push(...programs.flatMap((p) => p.newBadges));
      const practice = { counted, practisedSec, plannedSec };
      const total = await tokenBalance(tx, userId);
      return answer(201, isFirst, tokens, total, badges, programs, practice, rewards);
    });
  });

  r.get('/users/:id/completed-sessions', auth, async (c) => {
    assertSelf(c.var.user, c.req.param('id'));
    const { entries } = await readPractice(deps.sql, c.var.user.id, deps.now());
    return c.json(entries.filter((e) => e.counted).map(presentCompleted));
  });

  r.get('/users/:id/dashboard', auth, async (c) => {
    assertSelf(c.var.user, c.req.param('id'));
    const tz = timeZone.safeParse(c.req.query('tz') ?? undefined);
    if (!tz.success) {
      throw new ApiError(400, 'validation_failed', 'tz must be an IANA time zone such as Europe/London.', {
        tz: 'invalid time zone',
      });
    }
    // Days are the member's stored zone's, as on every other screen: a zone named by one
    // request would make this screen's streak differ from the journey's and the calendar's.
    return c.json(buildDashboard(await readPractice(deps.sql, c.var.user.id, deps.now())));
  });

  return r;
}
