import type { Context } from 'hono';

/**
 * 499 "client closed request" (nginx's code): the member's browser went away while we read the
 * body. Nothing failed on our side, so it is neither logged as an error nor counted as a 500.
 */
export const CLIENT_CLOSED = 499;

/** True when an error only means the client hung up (aborted upload, closed tab, network drop). */
export function isClientAbort(err: unknown, c: Context): boolean {
  if (c.req.raw.signal.aborted) return true;
  const e = err as { name?: string; code?: string; message?: string; cause?: unknown };
  if (e?.name === 'AbortError' || e?.code === 'ECONNRESET' || e?.code === 'ABORT_ERR') return true;
  if (e?.message === 'aborted' || e?.message === 'Request aborted') return true;
  return e?.cause !== undefined && e.cause !== err ? isClientAbort(e.cause, c) : false;
}

/** The answer nobody will read, kept small; the request log records it at info level. */
export function clientClosed(): Response {
  return new Response(null, { status: CLIENT_CLOSED });
}
