// Open-loop load for `npm run bench:server`: `connections` clients, each sending its share of
// `rate` requests per second at random (Poisson) times, one request at a time on its own
// keep-alive connection. A request is due at its time whatever the server is doing, and its
// latency is measured from that time: when the previous answer on the connection is late, the
// wait counts for the next request too (no coordinated omission).
//
// Why not autocannon's `overallRate`: each connection sends its whole per-second quota back to
// back at the start of every second (a 1 s interval resets a counter) and then idles, and all
// connections start in the same tick, so "1,100 req/s" arrives as a burst of 1,100 requests at
// full speed each second: the p99 is that of a saturated server. It also "corrects" for
// coordinated omission with an expected interval of `Math.ceil(1 / rate)` ms (1 ms here, the
// rate being per second), which records a 200 ms answer 200 times.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * @param {{ base: string, requests: { path: string, headers?: Record<string, string> }[],
 *   rate: number, connections: number, seconds: number, seed?: number }} opts
 * @returns {Promise<{ rps: number, total: number, errors: number, statuses: Record<string, number>,
 *   p50: number, p90: number, p99: number, max: number, ownDelayP99: number }>} latencies in ms;
 *   `statuses` counts the errors by HTTP status (or `connection error`, `timeout`); ownDelayP99
 *   is this process's event-loop delay, which would count as latency: it must stay small
 */
export async function openLoop({ base, requests, rate, connections, seconds, seed = 1 }) {
  const random = mulberry32(seed);
  const perClient = rate / connections;
  const latencies = [];
  let errors = 0;
  const statuses = {};
  let next = 0; // requests cycle in order across all clients, as autocannon's list does
  const t0 = performance.now() + 200; // every client opens its connection first
  const end = t0 + seconds * 1000;

  const ownDelay = monitorEventLoopDelay({ resolution: 10 });
  ownDelay.enable();
  await Promise.all(Array.from({ length: connections }, () => client()));
  ownDelay.disable();
  const elapsed = (performance.now() - t0) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
  const round = (v) => Math.round(v * 10) / 10;
  return {
    rps: sorted.length / Math.max(elapsed, seconds),
    total: sorted.length,
    errors,
    statuses,
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1) ?? NaN),
    ownDelayP99: round(ownDelay.percentile(99) / 1e6),
  };

  async function client() {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await send(agent, requests[0]).catch(() => {}); // opens the connection; not measured
      let due = t0 + exponential(random, perClient) * 1000;
      while (due < end) {
        const now = performance.now();
        if (due > now) await sleep(due - now);
        const request = requests[next++ % requests.length];
        try {
          await send(agent, request);
          latencies.push(performance.now() - due);
        } catch (err) {
          errors++;
          const kind =
            err instanceof HttpStatus
              ? String(err.status)
              : /timeout/.test(String(err))
                ? 'timeout'
                : 'connection error';
          statuses[kind] = (statuses[kind] ?? 0) + 1;
        }
        due += exponential(random, perClient) * 1000;
      }
    } finally {
      agent.destroy();
    }
  }

  function send(agent, { path, headers }) {
    return new Promise((resolve, reject) => {
      const req = http.get(base + path, { agent, headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () =>
          res.statusCode >= 200 && res.statusCode < 300 ? resolve() : reject(new HttpStatus(res.statusCode)),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    });
  }
}

/** An answer other than 2xx, kept apart from connection errors so the report can name it. */
class HttpStatus extends Error {
  constructor(status) {
    super(`HTTP ${status}`);
    this.status = status;
  }
}

/** Seconds until the next arrival of a Poisson process with `perSecond` arrivals a second. */
function exponential(random, perSecond) {
  return -Math.log(1 - random()) / perSecond;
}

/** A small seeded generator, so two runs offer the same arrival times. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
