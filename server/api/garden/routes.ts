import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/caller';
import { CLOCK_SLACK_MS, instantField, parseInstant } from '../../lib/dates';
import { ApiError, jsonBody } from '../../lib/http';
import { createIdempotency } from '../../lib/idempotency';
import { requireFeature } from '../practice/feature-gate';
import {
  GARDEN_ELEMENT_KEYS,
  GARDEN_LAYOUT_KEYS,
  GARDEN_PALETTE_KEYS,
  orderProblem,
} from '../../../src/domain/garden';
import { createGardenRepository } from './repository';

const gardenBody = z
  .object({
    layout: z.enum(GARDEN_LAYOUT_KEYS, { error: `must be one of ${GARDEN_LAYOUT_KEYS.join(', ')}` }),
    palette: z.enum(GARDEN_PALETTE_KEYS, { error: `must be one of ${GARDEN_PALETTE_KEYS.join(', ')}` }),
    order: z
      .array(z.string({ error: 'must list garden element keys' }), {
        error: 'must be a list of garden element keys',
      })
      .max(
        GARDEN_ELEMENT_KEYS.length,
        `must list all ${GARDEN_ELEMENT_KEYS.length} garden elements once each`,
      )
      .superRefine((order, ctx) => {
        const problem = orderProblem(order);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    // When the member made the choice (the app stamps it; a queued choice keeps its time).
    occurredAt: instantField().optional(),
  })
  .strict();

/**
 * The member's garden as they arranged it (docs/features/garden.md). Anyone may read theirs
 * (the default garden until they customise it); changing it is the tier feature
 * garden_customization (level 6), refused below with 403 feature_locked in words.
 *
 * GET /garden   200 {layout, palette, order, chosenAt}: chosenAt null for the default garden
 * PUT /garden   {layout, palette, order, occurredAt?} (Idempotency-Key: the app may queue it
 *               offline) → 200 what is stored now: the choice, or a newer one already stored
 *               (a choice is never replaced by one made before it) | 400 naming the field
 *               | 401 | 403 feature_locked
 */
export function gardenRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const auth = requireUser(deps);
  const repo = createGardenRepository(deps.sql);
  const idem = createIdempotency(deps);

  r.get('/garden', auth, async (c) => c.json(await repo.read(c.var.user.id)));

  r.put('/garden', auth, requireFeature(deps, 'garden_customization'), async (c) => {
    const key = idem.keyOf(c);
    const body = await jsonBody(c, gardenBody);
    const now = deps.now();
    const at = body.occurredAt === undefined ? now : (parseInstant(body.occurredAt) as number);
    // A clock far ahead would pin this choice over every later one.
    if (at > now + CLOCK_SLACK_MS)
      throw new ApiError(400, 'validation_failed', 'Invalid occurredAt: must not be in the future', {
        occurredAt: 'must not be in the future',
      });
    const choice = {
      layout: body.layout,
      palette: body.palette,
      order: body.order as (typeof GARDEN_ELEMENT_KEYS)[number][],
    };
    return idem.respond(c, key, async (tx) => ({
      status: 200,
      body: await createGardenRepository(tx).save(
        c.var.user.id,
        choice,
        new Date(at).toISOString(),
        new Date(now).toISOString(),
      ),
    }));
  });

  return r;
}
