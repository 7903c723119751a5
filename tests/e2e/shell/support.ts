import { createRequire } from 'node:module';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { CIRCLE_ROUTES, ROUTES, type ScreenFrame } from '../../../src/app/route-table';
import { accessTokenOf, createOnboardedMember, type Member } from '../support/members';
import { networkSettled } from '../support/traffic';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/** The circle the practising member creates: mixed case, so a lowercasing style would show. */
export const CIRCLE_NAME = 'QA Tuesday Hummers';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function post<T>(request: APIRequestContext, token: string, url: string, data?: unknown): Promise<T> {
  const res = await request.post(url, { headers: auth(token), data });
  expect(res.ok(), `POST ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/**
 * A member with some practice, so the screens are checked with data and not only empty: two
 * catalogue completions, a shared reflection, a mood check-in, a kept voice analysis and a
 * circle of their own.
 */
export async function practisingMember(
  request: APIRequestContext,
): Promise<{ member: Member; circleId: number }> {
  const member = await createOnboardedMember(request);
  const token = await accessTokenOf(request, member);
  for (const sessionId of [12, 7]) {
    await post(request, token, '/api/session-completions', { sessionId, timeZone: 'UTC' });
  }
  await post(request, token, '/api/community/reflections', {
    sessionId: 12,
    reflectionText: 'My voice felt open and warm today',
  });
  await post(request, token, '/api/mood-tracking', {
    moodScore: 7,
    stressLevel: 4,
    anxietyLevel: 3,
    energyLevel: 6,
    emotions: ['calm'],
    notes: '',
    recordedAt: new Date().toISOString(),
    timeZone: 'UTC',
  });
  await request.put('/api/voice-history-choice', { headers: auth(token), data: { keep: true } });
  await post(request, token, '/api/voice-analyses', {
    recordedAt: new Date().toISOString(),
    durationSec: 20,
    score: 86,
    clarity: 0.9,
    stability: 0.8,
    resonance: 0.85,
    projection: 0.9,
    pitchMedianHz: 220,
    pitchRangeSemitones: 13,
  });
  const circle = await post<{ id: number }>(request, token, '/api/voice-circles', {
    name: CIRCLE_NAME,
    description: 'We hum on Tuesdays',
  });
  return { member, circleId: circle.id };
}

export interface WalkStop {
  /** The route pattern, as in the route table. */
  route: string;
  /** The concrete URL opened. */
  url: string;
  frame: ScreenFrame;
}

/** Every route of the table with its parameters filled in, plus one circle of the member's. */
export function routesToWalk(circleId: number | null): WalkStop[] {
  const stops = ROUTES.map((r) => ({
    route: r.path,
    url: r.path.replace(':templateId', '1'),
    frame: r.frame,
  }));
  if (circleId !== null) {
    for (const r of CIRCLE_ROUTES.filter((c) => c.frame !== 'flow')) {
      stops.push({ route: r.path, url: r.path.replace(':id', String(circleId)), frame: r.frame });
    }
  }
  return stops;
}

/** Waits until the screen has its data: no request in flight and no 'loading…' left showing. */
export async function settle(page: Page): Promise<void> {
  await networkSettled(page);
  await expect(page.getByText(/^loading…$/i)).toHaveCount(0);
  // Entrance animations and transitions (fade-ins) end before the contrast is measured; an
  // endless one (a pulse) never does and is not waited for. Waiting for them, rather than a
  // fixed 400 ms, costs nothing on the many screens that have none.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = require.resolve('axe-core/axe.min.js');

/** The WCAG 2.2 AA rule sets the issue names. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; summary: string }[];
}

/** Runs the local axe-core (no network) on the page and returns its WCAG 2.2 AA violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: AXE_SOURCE });
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    // Only violations are read: axe then skips collecting the details of every passing node.
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), summary: n.failureSummary ?? '' })),
    }));
  }, WCAG_TAGS);
}

/** One line per violation, for a failure message a person can act on. */
export function describeViolations(url: string, violations: AxeViolation[]): string[] {
  return violations.map(
    (v) =>
      `${url}: ${v.id} (${v.nodes.length}) ${v.help}: ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}

/**
 * Null when the page fits the viewport's width; otherwise the widths and the elements that
 * stick out furthest to the right (so a failure says what to fix). A page wider than the
 * viewport lets a sideways swipe move the whole screen.
 */
export async function pageOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scroll = document.documentElement.scrollWidth;
    if (scroll <= width) return null;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : ''
      } "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    // What sticks out of the page itself: an element inside a scroller that clips it does not.
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    const out = [...document.body.querySelectorAll('*')]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter((x) => x.right > width + 1 && !clipped(x.el))
      .sort((a, b) => b.right - a.right)
      .slice(0, 3)
      .map((x) => `${describe(x.el)} reaches ${Math.round(x.right)} px`);
    return `document ${scroll} px wide in a ${width} px viewport: ${out.join('; ')}`;
  });
}

/** The back control of a screen: a link or button whose name starts with "back". */
export const backControl = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('link', { name: /^back\b/i })
    .or(page.getByRole('main').getByRole('button', { name: /^back\b/i }));

/**
 * How the member can leave the screen: the tab bar, a back control, a visible link to another
 * address, a screen that moves on by itself (the intro splash), or, in a full-screen flow, its
 * way forward (Next, Continue, Skip). Null when stuck. Other buttons do not count: one that
 * only navigates should be a link (announced as one), and pressing the others would act
 * (create an account, sign in) and change the rest of the walk.
 */
export async function wayOut(page: Page, frame: ScreenFrame | null, landed: string): Promise<string | null> {
  // Already gone on by itself while the screen was checked (the splash leaves after 3 s, and
  // axe on a busy machine takes longer): the next screen may still be loading, with no links yet.
  const now = new URL(page.url()).pathname;
  if (now !== landed) return `moved on to ${now}`;
  const bar = page.getByTestId('tab-bar').getByRole('link');
  if ((await bar.count()) > 0 && (await bar.first().isVisible())) return 'tab bar';
  if (
    await backControl(page)
      .first()
      .isVisible()
      .catch(() => false)
  )
    return 'back control';
  const here = new URL(page.url());
  const links = await page
    .locator('a[href]:visible')
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  const away = links.find((href) => {
    const to = new URL(href);
    return to.origin === here.origin && to.pathname + to.search !== here.pathname + here.search;
  });
  if (away) return `link to ${new URL(away).pathname}`;
  if (frame === 'flow') {
    const forward = page
      .getByRole('main')
      .getByRole('button', { name: /^(next|continue|skip|let's begin|begin)\b/i });
    // isVisible answers at once; isEnabled alone would wait for a button that is not there.
    const first = forward.first();
    if ((await first.isVisible()) && (await first.isEnabled())) return 'way forward';
  }
  // A screen that moves on by itself (the 3 s splash) is waited for generously: on a crowded
  // machine its script and timer can lag far behind the static first paint, and a screen with a
  // real way out never reaches this wait.
  const moved = await page
    .waitForURL((u) => u.pathname !== here.pathname, { timeout: scaledTimeout(30_000) })
    .then(() => true)
    .catch(() => false);
  return moved ? `moves on to ${new URL(page.url()).pathname}` : null;
}
