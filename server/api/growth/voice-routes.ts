import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency } from '../../lib/idempotency';
import { localDateOf } from '../../../src/domain/streaks';
import { memberTimeZone } from './member-zone';
import { createVoiceRepository, type VoiceAnalysisInput } from './voice-repository';
import { lineText } from '../../lib/text';
import { happenedProblem, instantField, isCalendarDate, parseInstant } from '../../lib/dates';
import { parseId } from '../../lib/ids';

const unit = z.number().finite().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');

const analysisBody = z
  .object({
    recordedAt: instantField('must be an ISO-8601 date-time'),
    durationSec: z.number().finite().min(0, 'must be 0 or more').max(7200, 'must be at most 7200'),
    score: z.number().finite().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100'),
    clarity: unit,
    stability: unit,
    resonance: unit,
    projection: unit,
    // A recording may have no voiced frame with a pitch; then there is no pitch to report.
    pitchMedianHz: z
      .number()
      .finite()
      .min(30, 'must be 30-2000 Hz')
      .max(2000, 'must be 30-2000 Hz')
      .nullable(),
    pitchRangeSemitones: z.number().finite().min(0, 'must be 0-96').max(96, 'must be 0-96').nullable(),
    engineVersion: lineText().trim().min(1).max(40).optional(),
    // Further measures as the engine grows: numbers only, a bounded set.
    measures: z
      .record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{0,39}$/, 'must be a measure name'), z.number().finite())
      .refine((m) => Object.keys(m).length <= 30, 'at most 30 measures')
      .optional(),
  })
  .strict();
const batchBody = z
  .object({ analyses: z.array(analysisBody).min(1).max(500, 'at most 500 analyses at once') })
  .strict();
// One summary, or {analyses: [...]}; decided by shape first so a 400 names the real field
// (a union would only say that neither shape matched).
const isBatch = (raw: unknown) => typeof raw === 'object' && raw !== null && 'analyses' in raw;

function validate<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    // Name the measure itself ("clarity"), with its place in a batch when there is one.
    const name = String(issue.path[issue.path.length - 1] ?? 'body');
    const where = issue.path.length > 1 ? ` (${issue.path.join('.')})` : '';
    fields[name] ??= `${issue.message}${where}`;
  }
  const [first] = Object.entries(fields);
  throw new ApiError(
    400,
    'validation_failed',
    first ? `Invalid ${first[0]}: ${first[1]}` : 'Invalid body',
    fields,
  );
}

/** The member's choice is the server's rule too (issue 20), not only the tuning room's. */
export const VOICE_HISTORY_OFF =
  "Voice history is off. Turn on 'Keep my voice history' in the tuning room to save analyses.";

/** A phone's clock may run a few minutes fast; a recording further ahead did not happen yet. */
const AHEAD_MS = 5 * 60_000;

/**
 * The member's voice history, stored only by their choice (the tuning room's opt-in).
 *
 * POST   /voice-analyses             one summary, or {analyses: [...]} (the one-time upload of the
 *                                    browser's history) → 201 {analyses, created, newBadges} | 400 naming the field
 *                                    each stored analysis also writes its recording's practice entry
 *                                    (practice/recordings.ts), once per instant with /practice/recordings
 *                                    | 409 voice_history_off (the member has not chosen to keep it)
 * GET    /voice-analyses?from=&to=   200 the caller's own, newest first | 400 bad date
 * DELETE /voice-analyses/:id         204 | 404 (not the caller's or gone)
 * DELETE /voice-analyses             200 {deleted}
 * GET    /voice-history-choice       200 {keep, chosenAt} (default keep false)
 * PUT    /voice-history-choice       {keep: boolean} → 200 {keep, chosenAt} | 400
 */
export function voiceRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const repo = createVoiceRepository(deps.sql);
  const auth = requireUser(deps);
  // An analysis may be saved offline and replayed by the app's outbox: one key, one row.
  const idem = createIdempotency(deps);

  r.post('/voice-analyses', auth, async (c) => {
    const key = idem.keyOf(c);
    const raw: unknown = await jsonBody(c, z.unknown());
    const list = isBatch(raw) ? validate(batchBody, raw).analyses : [validate(analysisBody, raw)];
    const now = deps.now();
    const created = Date.parse((await repo.accountCreatedAt(c.var.user.id)) ?? new Date(now).toISOString());
    for (const a of list) {
      const problem = happenedProblem(parseInstant(a.recordedAt) as number, now, created, AHEAD_MS);
      if (problem)
        throw new ApiError(400, 'validation_failed', `Invalid recordedAt: ${problem}`, {
          recordedAt: problem,
        });
    }
    const zone = await memberTimeZone(deps.sql, c.var.user.id, deps.now());
    const items: VoiceAnalysisInput[] = list.map((a) => ({
      // Normalised so the same instant is the same key whatever its spelling.
      recordedAt: new Date(a.recordedAt).toISOString(),
      localDate: localDateOf(Date.parse(a.recordedAt), zone),
      durationSec: a.durationSec,
      score: a.score,
      clarity: a.clarity,
      stability: a.stability,
      resonance: a.resonance,
      projection: a.projection,
      pitchMedianHz: a.pitchMedianHz,
      pitchRangeSemitones: a.pitchRangeSemitones,
      engineVersion: a.engineVersion ?? null,
      extra: a.measures ?? {},
    }));
    return idem.respond(c, key, async (tx) => {
      // Refused (and nothing kept for the key) while the member's voice history is off.
      const stored = await createVoiceRepository(tx).add(c.var.user.id, items, new Date(now));
      if (!stored) throw new ApiError(409, 'voice_history_off', VOICE_HISTORY_OFF);
      return { status: 201, body: stored };
    });
  });

  r.get('/voice-analyses', auth, async (c) => {
    const range = (name: 'from' | 'to', fallback: string) => {
      const raw = c.req.query(name);
      if (raw === undefined || raw === '') return fallback;
      const ms = isCalendarDate(raw) ? Date.parse(`${raw}T00:00:00Z`) : parseInstant(raw);
      if (ms === null) {
        throw new ApiError(400, 'validation_failed', `Invalid ${name}: must be an ISO-8601 date`, {
          [name]: 'must be an ISO-8601 date',
        });
      }
      // A bare date as `to` means the whole of that (UTC) day.
      return name === 'to' && raw.length === 10 ? `${raw}T23:59:59.999Z` : new Date(ms).toISOString();
    };
    const from = range('from', '0000');
    const to = range('to', '9999');
    return c.json(await repo.list(c.var.user.id, from, to));
  });

  r.delete('/voice-analyses/:id', auth, async (c) => {
    if (!(await repo.remove(c.var.user.id, parseId(c.req.param('id'), 'analysis'))))
      throw new ApiError(404, 'analysis_not_found', 'You have no voice analysis with this id.');
    return c.body(null, 204);
  });

  r.get('/voice-history-choice', auth, async (c) => c.json(await repo.choice(c.var.user.id)));

  r.put('/voice-history-choice', auth, async (c) => {
    const body = await jsonBody(c, z.object({ keep: z.boolean() }).strict());
    await repo.choose(c.var.user.id, body.keep, new Date(deps.now()).toISOString());
    return c.json(await repo.choice(c.var.user.id));
  });

  r.delete('/voice-analyses', auth, async (c) => c.json({ deleted: await repo.removeAll(c.var.user.id) }));

  return r;
}
