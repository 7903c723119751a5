import { z } from 'zod';
import { instantField, parseInstant } from '../../lib/dates';
import { ApiError } from '../../lib/http';
import { MAX_AHEAD_MS } from './occurred-at';

/**
 * What the player can tell about a catalogue completion (issue 20, "Rewards follow practice
 * done"): how many seconds were really listened to (`listenedSec`, counted by the player from
 * the audio's own clock while it played, seeks excluded) and when listening started
 * (`startedAt`). Both optional: an older app or a completion replayed from an old outbox sends
 * neither, and is taken as the whole session (the listening budget, completion-limit.ts, still
 * bounds how fast tokens come).
 *
 * What the server checks: the claim never exceeds the session's length, nor the time that
 * passed between `startedAt` and the completion (a 405 s session completed 13 s after it
 * started is 13 s of practice, whatever `listenedSec` says), and `startedAt` cannot lie after
 * the completion. What it cannot check: that audio really played (a modified client can send
 * any `listenedSec` and an early `startedAt`), nor the client's clock beyond the bounds of
 * `occurredAt`.
 */
export const practisedFields = {
  listenedSec: z.number().int('must be whole seconds').min(0, 'must not be negative').max(86_400).optional(),
  startedAt: instantField('must be an ISO 8601 time such as 2026-11-26T07:30:00Z').optional(),
};

/** Seconds of `lengthSec` practised in a completion that happened at `atMs`; 400 for a start after it. */
export function practisedSeconds(
  lengthSec: number,
  atMs: number,
  claim: { listenedSec?: number | undefined; startedAt?: string | undefined },
): number {
  let practised = lengthSec;
  if (claim.listenedSec !== undefined) practised = Math.min(practised, claim.listenedSec);
  if (claim.startedAt !== undefined) {
    const start = parseInstant(claim.startedAt) ?? atMs; // checked by instantField
    if (start > atMs + MAX_AHEAD_MS)
      throw new ApiError(400, 'validation_failed', 'Invalid startedAt: it is after the completion.', {
        startedAt: 'after the completion',
      });
    practised = Math.min(practised, Math.max(0, Math.floor((atMs - start) / 1000)));
  }
  return practised;
}
