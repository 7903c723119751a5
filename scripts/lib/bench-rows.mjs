// The rows of `npm run bench:server`'s table. A row whose runs saw errors keeps no figures: a
// server answering 404s or 416s, or refusing connections, is fast at the wrong thing (a fresh
// checkout once printed 34,145 failed Range reads as throughput), so the row names what the
// runs saw instead and counts as not met.

const fmt = (n) => Math.round(n).toLocaleString('en-GB');

/**
 * What went wrong in one autocannon result, by kind: HTTP statuses other than 2xx, `timeout`,
 * `connection error` (autocannon's `errors` include its timeouts).
 */
export function autocannonStatuses(result) {
  const statuses = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    if (!code.startsWith('2')) statuses[code] = count;
  }
  if (result.timeouts > 0) statuses.timeout = result.timeouts;
  if (result.errors - result.timeouts > 0) statuses['connection error'] = result.errors - result.timeouts;
  return statuses;
}

/**
 * One row: `{ name, now, goal, met }`, or, when any of `runs` (each with `statuses`) saw an
 * error, `now` says it was not measured and names the statuses, with `errors` set.
 */
export function tableRow(name, runs, now, goal, met) {
  const seen = {};
  for (const run of runs) {
    for (const [status, count] of Object.entries(run.statuses ?? {}))
      seen[status] = (seen[status] ?? 0) + count;
  }
  const errors = Object.values(seen).reduce((n, c) => n + c, 0);
  if (errors === 0) return { name, now, goal, met };
  const named = Object.entries(seen)
    .sort((a, b) => b[1] - a[1])
    .map(([status, count]) => `${/^\d+$/.test(status) ? `status ${status}` : status} × ${fmt(count)}`)
    .join(', ');
  return { name, now: `**not measured: ${fmt(errors)} errors** (${named})`, goal, met: false, errors };
}
