// Its own module so screens that only refuse writes offline (sign-in, sign-up: in the first
// screens' bundle) do not pull the whole outbox (IndexedDB store, replay) into it.

/**
 * A failure that means "the server was not reached", so the write should wait and go later:
 * fetch's TypeError (network down, DNS, connection refused). An answer from the server is not:
 * a 4xx or 5xx shows its error and offers a retry, as the spec asks (only a 503 with
 * Retry-After is queued too, see isUnavailableAnswer).
 */
export function isOfflineFailure(err: unknown): boolean {
  return err instanceof TypeError;
}
