import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { autocannonStatuses, tableRow } from './bench-rows.mjs';

interface Row {
  name: string;
  now: string;
  goal: string;
  met: boolean;
  errors?: number;
}
const row = tableRow as (name: string, runs: object[], now: string, goal: string, met: boolean) => Row;
const statuses = autocannonStatuses as (result: object) => Record<string, number>;

describe('the rows of npm run bench:server', () => {
  it('prints the figures of a run without errors', () => {
    const r = row('Range reads', [{ statuses: {} }, { statuses: {} }], '1,047 req/s', 'goal', true);
    expect(r).toEqual({ name: 'Range reads', now: '1,047 req/s', goal: 'goal', met: true });
  });

  it('refuses the figures of a run with errors and names the statuses seen, most frequent first', () => {
    // What a fresh checkout measured while the server still rendered its audio.
    const runs = [{ statuses: { '416': 5_000 } }, { statuses: { '404': 34_000, '416': 542 } }];
    const r = row('Range reads', runs, '9,999 req/s', '(for comparison)', true);
    expect(r.now).toBe('**not measured: 39,542 errors** (status 404 × 34,000, status 416 × 5,542)');
    expect(r.now).not.toContain('9,999');
    expect(r.met).toBe(false);
    expect(r.errors).toBe(39_542);
  });

  it("reads autocannon's result: statuses other than 2xx, timeouts and connection errors apart", () => {
    const result = {
      statusCodeStats: { '200': { count: 900 }, '206': { count: 50 }, '404': { count: 7 } },
      errors: 5, // autocannon counts its timeouts among the errors
      timeouts: 2,
    };
    expect(statuses(result)).toEqual({ '404': 7, timeout: 2, 'connection error': 3 });
    expect(statuses({ statusCodeStats: { '200': { count: 10 } }, errors: 0, timeouts: 0 })).toEqual({});
  });
});
