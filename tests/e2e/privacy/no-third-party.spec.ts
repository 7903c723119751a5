import fs from 'node:fs';
import path from 'node:path';
import { ROUTES } from '../../../src/app/route-table';
import { expect, test } from '../support/fixtures';
import { createOnboardedMember, signInToHome } from '../support/members';
import { networkSettled } from '../support/traffic';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/**
 * Every route of the app, signed in, makes requests to its own origin only: no fonts, analytics,
 * CDNs or other third parties. The list is the spec's route table plus every path the router
 * declares, so a new screen is covered without editing this test.
 */
function allPaths(): string[] {
  const router = fs.readFileSync(path.join(process.cwd(), 'src/app/router.tsx'), 'utf8');
  const declared = [...router.matchAll(/path: '(\/[^']*)'/g)].map((m) => m[1] ?? '/');
  const paths = new Set([...ROUTES.map((r) => r.path), ...declared]);
  return [...paths].map((p) => p.replace(/:[A-Za-z]+/g, '1'));
}

test('no page requests anything from a third party', async ({
  page,
  request,
  baseURL,
  allowConsoleErrors,
}) => {
  test.setTimeout(scaledTimeout(180_000));
  // Placeholder ids (/voice-circles/1 is a circle this member is not in, /session/1) answer
  // 403/404/409: expected here, where the point is where requests go, not what they answer.
  allowConsoleErrors(/status of (403|404|409)/);
  const own = new URL(baseURL!).origin;
  const foreign: string[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== own) foreign.push(`${page.url()} -> ${url}`);
  });
  const member = await createOnboardedMember(request);
  await signInToHome(page, member);
  const visited: string[] = [];
  for (const p of allPaths()) {
    await page.goto(p);
    // Every request the page makes until it is settled (Playwright's 'networkidle', shorter).
    await networkSettled(page);
    visited.push(p);
  }
  expect(visited.length).toBeGreaterThan(25);
  expect(foreign).toEqual([]);
});
