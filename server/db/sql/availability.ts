/**
 * Which database errors mean "the database is not there right now" rather than "this request or
 * this code is wrong". They are answered 503 with Retry-After on every route family
 * (server/lib/unavailable.ts), so the client's outbox and retries wait and send again instead of
 * telling the member their write failed. Everything else stays a 500.
 *
 * The one place this is decided, for both drivers: add a code here, never in a route's handler.
 */

/** Seconds a client should wait before sending again: PostgreSQL restarts in about one. */
export const DATABASE_RETRY_AFTER_SECONDS = 3;

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is unavailable for a moment; try again in a few seconds.';

/** PostgreSQL SQLSTATEs of a server that is down, starting, full or refusing connections. */
const PG_CODES = new Set([
  '57P01', // admin_shutdown: our backend was terminated (restart, pg_terminate_backend)
  '57P02', // crash_shutdown: another backend crashed and the server is resetting
  '57P03', // cannot_connect_now: starting up, shutting down or in recovery
  '53300', // too_many_connections
  '53100', // disk_full
  '53200', // out_of_memory
  '25006', // read_only_sql_transaction: a standby answered (during a failover)
]);

/** Errno codes of a socket to the database that could not open or broke. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres raises these without a code when a connection ends or cannot be had in time. */
const PG_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect/, // the pool's connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable/,
  /^Cannot use a pool after calling end on the pool/, // a query racing the graceful stop
];

/**
 * SQLite result codes (better-sqlite3's SqliteError.code, extended codes included): busy after
 * the busy timeout, a read-only or vanished file, an I/O error, a full disk.
 */
const SQLITE_CODES = ['SQLITE_BUSY', 'SQLITE_READONLY', 'SQLITE_IOERR', 'SQLITE_FULL', 'SQLITE_CANTOPEN'];

function ownCodeSaysUnavailable(err: { code?: unknown; message?: unknown }): boolean {
  const code = typeof err.code === 'string' ? err.code : '';
  if (code) {
    if (PG_CODES.has(code) || code.startsWith('08')) return true; // class 08: connection exception
    if (SOCKET_CODES.has(code)) return true;
    if (SQLITE_CODES.some((c) => code === c || code.startsWith(`${c}_`))) return true;
  }
  const message = typeof err.message === 'string' ? err.message : '';
  return !code && PG_MESSAGES.some((re) => re.test(message));
}

/**
 * True when `err` (or what it wraps: `cause`, or an AggregateError's `errors`, as Node gives for
 * a refused connection to every address of "localhost") says the database is unavailable.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (ownCodeSaysUnavailable(e)) return true;
  if (e.cause !== undefined && e.cause !== err && isDatabaseUnavailable(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/** The driver's code or message, for the log line (never sent to the client). */
export function availabilityReason(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (typeof e?.code === 'string' && e.code) return e.code;
  return typeof e?.message === 'string' ? e.message.slice(0, 120) : 'unknown';
}
