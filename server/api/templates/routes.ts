import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import { ApiError, jsonBody } from '../../lib/http';
import { isValidTimeZone, localDateOf } from '../../../src/domain/streaks';
import { toneTokensFor } from '../../../src/domain/tokens';
import { awardBadges } from '../achievements/award';
import { markCirclePractice } from '../circles/template-practice';
import { advanceProgramsAfter } from '../learning/advance';
import { effectiveZone } from '../listening/member-zone';
import { occurredAtField, occurredAtMs, zoneAt } from '../listening/occurred-at';
import { createIdempotency } from '../../lib/idempotency';
import { countsAsSession, secondsToCount } from '../../../src/domain/practice';
import { assertFeature } from '../practice/feature-gate';
import { hasSession, recordPractice, tokenBalance } from '../practice/ledger';
import { awardStreakRewards } from '../practice/streak-rewards';
import { presentTemplate, presentTemplateSummary } from './present';
import { createTemplateRepository } from './repository';
import { lineText, multilineText } from '../../lib/text';
import { idField, parseId } from '../../lib/ids';

const templateId = idField('must be a template id', { text: true });

/** Elapsed time may run a little over the plan (clock rounding, a late tap); more is absurd. */
const DURATION_SLACK_SEC = 60;

/**
 * The spec's session-save payload plus templateId. The title, description, category,
 * difficulty and voice level the client sends are only echoes of the template: the server
 * stores the template's own values. `userId`, when sent, must be the caller.
 */
const saveBody = z.object({
  templateId,
  userId: lineText().optional(),
  title: lineText().max(200).optional(),
  description: multilineText().max(2000).optional(),
  category: lineText().max(40).optional(),
  difficulty: lineText().max(40).optional(),
  voiceLevel: lineText().max(40).optional(),
  duration: z.number().int('must be whole seconds').min(0, 'must not be negative'),
  rating: z.number().int().min(1).max(5).default(5),
  audioData: z
    .object({
      // The loudest voice level heard, 0..1 (the analyser's volume); 0 without a microphone.
      maxLevel: z.number().min(0).max(1),
      completed: z.boolean(),
    })
    .default({ maxLevel: 0, completed: false }),
  timeZone: z
    .string()
    .trim()
    .refine(isValidTimeZone, 'must be an IANA time zone such as Europe/London')
    .optional(),
  occurredAt: occurredAtField,
});

/**
 * Session templates and the template player's saves.
 *
 * GET  /session-templates          200 library entries (no step texts), public
 * GET  /voice-sessions/:templateId 200 the template (spec shape + id, slug, cue URLs) | 400 | 404
 * POST /sessions                   201 {id, templateId, counted, isFirstSession, practisedSec, plannedSec,
 *                                  requiredSec, tokensAwarded, totalTokens, newBadges, streakRewards,
 *                                  circlesPractised?} (streakRewards: [{days, bonus, runStart,
 *                                  localDate}], the streak milestones this session reached, level 3+)
 *                                  a save of less than half the plan (duration < requiredSec) is
 *                                  partial practice: counted false, minutes only (no tokens, no
 *                                  streak day, no program step, no circle practice)
 *                                  | 400 bad payload or unknown template | 401 | 403 other userId
 *                                  | 403 feature_locked: an advanced template (difficulty
 *                                  advanced, tier feature advanced_sessions) below level 4
 *                                  occurredAt (ISO, queued offline: the day it happened, 72 h at
 *                                  most); Idempotency-Key header: once per key | 422 key reused
 */
export function templateRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const repo = createTemplateRepository(deps.sql);
  const auth = requireUser(deps);
  const idem = createIdempotency(deps);

  r.get('/session-templates', async (c) => c.json((await repo.listTemplates()).map(presentTemplateSummary)));

  r.get('/voice-sessions/:templateId', async (c) => {
    const row = await repo.templateById(parseId(c.req.param('templateId'), 'template', 'templateId'));
    if (!row) throw new ApiError(404, 'template_not_found', 'Session not found');
    return c.json(presentTemplate(row));
  });

  r.post('/sessions', auth, async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, saveBody);
    const user = c.var.user;
    if (body.userId !== undefined && body.userId !== user.id)
      throw new ApiError(403, 'forbidden', 'You can only save your own sessions.');
    const template = await repo.templateById(body.templateId);
    if (!template)
      throw new ApiError(
        400,
        'validation_failed',
        'Invalid templateId: there is no session template with this id.',
        {
          templateId: 'unknown template',
        },
      );
    if (body.duration > template.duration_sec + DURATION_SLACK_SEC)
      throw new ApiError(
        400,
        'validation_failed',
        `Invalid duration: this session lasts at most ${template.duration_sec} seconds.`,
        { duration: 'longer than the session' },
      );
    // Advanced templates are the tier feature advanced_sessions (level 4): below it the save is
    // refused, recording nothing. The player says so before a member starts one.
    if (template.difficulty === 'advanced') await assertFeature(deps.sql, user.id, 'advanced_sessions');
    const now = deps.now();
    // A save queued offline counts on the day it happened (listening/occurred-at.ts bounds it).
    const at = occurredAtMs(body.occurredAt, now);
    const completedAt = new Date(at).toISOString();
    return idem.respond(c, key, async (tx) => {
      // The member's zone kept on the server, as for catalogue completions: a zone sent with
      // the request only takes effect from the next local day, so hopping zones earns nothing.
      const zone = await zoneAt(tx, user.id, body.timeZone, at);
      await effectiveZone(tx, user.id, body.timeZone, now);
      const localDate = localDateOf(at, zone);
      const counted = countsAsSession(body.duration, template.duration_sec);
      const isFirst = counted && !(await hasSession(tx, user.id));
      const saved = await repo.saveSession(tx, {
        userId: user.id,
        template,
        durationSec: body.duration,
        rating: body.rating,
        maxLevel: body.audioData.maxLevel,
        completed: body.audioData.completed,
        completedAt,
        localDate,
        timeZone: zone,
        tokens: counted ? toneTokensFor(template.voice_level) : null,
      });
      const entryId = await recordPractice(tx, {
        userId: user.id,
        kind: 'template',
        itemId: template.id,
        title: template.title,
        categories: [template.category],
        practisedAt: completedAt,
        localDate,
        plannedSec: template.duration_sec,
        practisedSec: body.duration,
        counted,
        earned: saved.tokensAwarded,
        sourceId: saved.id,
      });
      // The streak milestones this session reached (level 3 and up), in its transaction.
      const streakRewards = counted
        ? await awardStreakRewards(tx, user.id, { id: entryId, localDate, practisedAt: completedAt }, now)
        : [];
      const newBadges = await awardBadges(tx, user.id, 'template-session');
      // A template can be a program's next step: finishing it moves the program on, once.
      // Partial practice is not a finished step, nor the circle's practice of the week.
      const programs = counted
        ? await advanceProgramsAfter(tx, user.id, { kind: 'template', id: template.id }, completedAt)
        : [];
      newBadges.push(...programs.flatMap((p) => p.newBadges));
      // The week's practice of the member's asynchronous circles that share this plan.
      const circlesPractised = counted
        ? await markCirclePractice(tx, {
            me: user.id,
            templateId: template.id,
            localDate,
            at: completedAt,
            timeZone: zone,
          })
        : [];
      return {
        status: 201,
        body: {
          id: saved.id,
          templateId: template.id,
          counted,
          isFirstSession: isFirst,
          practisedSec: body.duration,
          plannedSec: template.duration_sec,
          requiredSec: secondsToCount(template.duration_sec),
          tokensAwarded: saved.tokensAwarded,
          totalTokens: await tokenBalance(tx, user.id),
          newBadges,
          streakRewards,
          ...(programs.length ? { programs } : {}),
          ...(circlesPractised.length ? { circlesPractised } : {}),
        },
      };
    });
  });

  return r;
}
