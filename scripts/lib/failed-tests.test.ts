import { describe, expect, it } from 'vitest';
import { crossEngineFailures, playwrightFailures, vitestFailures } from './failed-tests.mjs';

describe('failed tests named from the reports (the tail CI keeps)', () => {
  it('names a failed Vitest test by file and full name with the first line of its error', () => {
    const report = {
      testResults: [
        {
          name: '/repo/server/a.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'fine' },
            {
              status: 'failed',
              fullName: 'a › breaks',
              failureMessages: ['\u001b[31mAssertionError: 1 !== 2\u001b[39m\n  at x'],
            },
          ],
        },
        {
          name: '/repo/server/b.test.ts',
          status: 'failed',
          message: 'Hook timed out in 120000ms',
          assertionResults: [],
        },
      ],
    };
    expect(vitestFailures(report, '/repo')).toEqual([
      { where: 'server/a.test.ts › a › breaks', why: 'AssertionError: 1 !== 2' },
      { where: 'server/b.test.ts', why: 'Hook timed out in 120000ms' },
    ]);
  });

  it('names a failed or retried Playwright test with its describe titles, and skips passing ones', () => {
    const report = {
      suites: [
        {
          title: 'x.spec.ts',
          file: 'x.spec.ts',
          specs: [
            { title: 'passes', file: 'x.spec.ts', line: 2, tests: [{ status: 'expected', results: [] }] },
          ],
          suites: [
            {
              title: 'group',
              file: 'x.spec.ts',
              specs: [
                {
                  title: 'flakes',
                  file: 'x.spec.ts',
                  line: 9,
                  tests: [
                    {
                      status: 'flaky',
                      results: [
                        { status: 'timedOut', error: { message: 'Test timeout of 60000ms exceeded.' } },
                        { status: 'passed' },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(report)).toEqual([
      { where: 'x.spec.ts:9 › group › flakes (passed on retry)', why: 'Test timeout of 60000ms exceeded.' },
    ]);
  });

  it('names a failed cross-engine check, and gives nothing for a missing report', () => {
    expect(
      crossEngineFailures({
        results: [{ engine: 'webkit', name: 'member path', ok: false, error: 'no heading' }],
      }),
    ).toEqual([{ where: 'webkit › member path', why: 'no heading' }]);
    expect(vitestFailures(null)).toEqual([]);
    expect(playwrightFailures(undefined)).toEqual([]);
  });
});
