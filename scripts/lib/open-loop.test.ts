import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { openLoop } from './open-loop.mjs';

interface OpenLoopResult {
  rps: number;
  total: number;
  errors: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
}
const run = openLoop as (opts: object) => Promise<OpenLoopResult>;

const servers: http.Server[] = [];
afterEach(() =>
  Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve())))),
);

/** A server answering every request after `delayMs` (or failing every `failEvery`th). */
function serve(delayMs: number, failEvery = 0): Promise<string> {
  let n = 0;
  const server = http.createServer((_req, res) => {
    n++;
    const status = failEvery && n % failEvery === 0 ? 500 : 200;
    setTimeout(() => res.writeHead(status).end('ok'), delayMs);
  });
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

describe('the open-loop load of npm run bench:server', () => {
  it('offers the asked rate and measures a fast server as fast', async () => {
    const base = await serve(0);
    const r = await run({ base, requests: [{ path: '/' }], rate: 100, connections: 20, seconds: 1.5 });
    expect(r.errors).toBe(0);
    expect(r.total).toBeGreaterThan(100 * 1.5 * 0.75);
    expect(r.total).toBeLessThan(100 * 1.5 * 1.25);
    // Fast is relative: the same load against a server that waits 300 ms before each answer must
    // measure about 300 ms slower (a wide margin: a starved test process delays both runs). An absolute bound (p50 < 20 ms) failed whenever the machine was
    // busy (npm test runs two Vitest processes side by side), which says nothing about the tool.
    const slow = await run({
      base: await serve(300),
      requests: [{ path: '/' }],
      rate: 100,
      connections: 40,
      seconds: 1.5,
    });
    expect(slow.errors).toBe(0);
    expect(r.p50 + 150).toBeLessThan(slow.p50);
  });

  it('counts the wait behind a slow answer as latency (no coordinated omission)', async () => {
    // Each connection is offered 25 requests a second but can answer only 20 (50 ms each): the
    // queue grows, and latency from each request's due time must show it.
    const base = await serve(50);
    const r = await run({ base, requests: [{ path: '/' }], rate: 50, connections: 2, seconds: 2 });
    expect(r.p50).toBeGreaterThan(50);
    expect(r.max).toBeGreaterThan(150);
  });

  it('counts answers other than 2xx as errors', async () => {
    const base = await serve(0, 4);
    const r = await run({ base, requests: [{ path: '/' }], rate: 200, connections: 4, seconds: 1 });
    expect(r.errors).toBeGreaterThan(0);
    expect(r.errors / (r.errors + r.total)).toBeCloseTo(0.25, 1);
    // The benchmark names what went wrong: here every error is a 500.
    expect(r.statuses).toEqual({ '500': r.errors });
  });
});
