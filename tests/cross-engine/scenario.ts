// The member's path every engine must walk: sign in, home, play a session, and the tuning
// room reading a known pitch. Each step has its own deadline and prints its time; a failing
// step leaves a screenshot under .tmp/cross-engine/.
import fs from 'node:fs';
import path from 'node:path';
import { ENGINE_TEXT } from '../../src/features/tuning/errors';
import { describeError, waitFor, withTimeout, type EngineDriver } from './driver';
import { AUDIO_STATE, COUNT, FAKE_MICROPHONE, FIND, RECORDER_STATE, TEXT_OF } from './page-scripts';
import { matchTheNote } from './match-the-note';

export interface SmokeMember {
  email: string;
  password: string;
}

/** The fake microphone's pitch, and how close the live readout must come (as Chromium's test). */
const TRUE_F0 = 220;
const TOLERANCE = 0.03;

export const SHOTS_DIR = path.resolve(import.meta.dirname, '../../.tmp/cross-engine');

type Query = { css: string } | { label: string } | { button: string };
let marks = 0;

async function find(d: EngineDriver, q: Query, what: string, timeoutMs = 15_000): Promise<string> {
  const id = `m${++marks}`;
  const selector = await waitFor(
    what,
    () => d.evaluate<string | null>(FIND, { ...q, id }),
    Boolean,
    timeoutMs,
  );
  return selector as string;
}

async function step(d: EngineDriver, name: string, ms: number, body: () => Promise<void>): Promise<void> {
  const started = Date.now();
  try {
    await withTimeout(`${d.name}: ${name}`, ms, body);
    console.log(`    ✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (e) {
    console.log(`    ✗ ${name}: ${describeError(e)}`);
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    const file = path.join(SHOTS_DIR, `${d.name}-failed.png`);
    await withTimeout('screenshot', 10_000, () => d.screenshot(file)).then(
      () => console.log(`      screenshot: ${file}`),
      () => undefined,
    );
    throw e;
  }
}

export async function memberPath(d: EngineDriver, base: string, member: SmokeMember): Promise<void> {
  await step(d, 'sign in', 40_000, async () => {
    await d.goto(`${base}/`);
    await d.type(await find(d, { label: 'Email' }, 'the Email field'), member.email);
    await d.type(await find(d, { label: 'Password' }, 'the Password field'), member.password);
    await d.click(await find(d, { button: 'get in tune' }, 'the get in tune button'));
    // Through the intro splash (3 s) to home.
    await waitFor(
      '/home',
      () => d.url(),
      (u) => new URL(u).pathname === '/home',
      20_000,
    );
  });

  const card = '[aria-label="latest sessions"] [data-testid=session-card]';
  let title = '';
  await step(d, 'home lists the latest sessions', 20_000, async () => {
    await waitFor(
      'session cards on home',
      () => d.evaluate<number>(COUNT, card),
      (n) => n > 0,
    );
    title = (await d.evaluate<string | null>(TEXT_OF, `${card} [data-testid=session-title]`)) ?? '';
    if (!title.trim()) throw new Error('the first session card has no title');
  });

  await step(d, 'a session plays', 40_000, async () => {
    await d.click(await find(d, { css: card }, 'the first session card'));
    await waitFor(
      `the player titled "${title}"`,
      () => d.evaluate<string | null>(TEXT_OF, '[data-testid=player] h1, [data-testid=player] h2'),
      (t) => Boolean(t?.includes(title.trim())),
    );
    type Clock = { t: number; paused: boolean; error: number | null } | null;
    const clock = () => d.evaluate<Clock>(AUDIO_STATE);
    const first = await waitFor('the audio clock to pass 0.3 s', clock, (a) => (a?.t ?? 0) > 0.3, 20_000);
    await waitFor('the audio clock to keep moving', clock, (a) => (a?.t ?? 0) > (first?.t ?? 0) + 0.3);
    await d.click(await find(d, { button: 'Close player' }, 'the Close player button'));
    await waitFor(
      'the player to close',
      () => d.evaluate<number>(COUNT, '[data-testid=player]'),
      (n) => n === 0,
    );
  });

  await tuningRoomReadsPitch(d, base);

  await step(d, 'match the note: 220 Hz on an A3 target reads about 0 cents', 40_000, () =>
    matchTheNote(d, base, SHOTS_DIR, (q, what) => find(d, q, what)),
  );
}

export async function tuningRoomReadsPitch(d: EngineDriver, base: string): Promise<void> {
  await step(d, `the tuning room reads ${TRUE_F0} Hz`, 40_000, async () => {
    await d.goto(`${base}/tuning-room`);
    const start = await find(d, { button: 'Start recording' }, 'the Start recording button');
    await d.evaluate(FAKE_MICROPHONE);
    await d.click(start);
    const readings: number[] = [];
    await waitFor(
      `five live readings within ${TOLERANCE * 100}% of ${TRUE_F0} Hz`,
      async () => {
        const state = await d.evaluate<{ hz: number | null; error: string | null }>(RECORDER_STATE);
        if (state.error) throw new Error(`the recorder shows an error: ${state.error}`);
        if (state.hz !== null) readings.push(state.hz);
        return readings.filter((hz) => Math.abs(hz - TRUE_F0) / TRUE_F0 <= TOLERANCE).length;
      },
      (n) => n >= 5,
      12_000,
      100,
    );
    console.log(`      live pitch: ${readings.slice(-3).join(', ')} Hz`);
    // For a look at how the engine lays the screen out (not compared automatically).
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await d.screenshot(path.join(SHOTS_DIR, `${d.name}-tuning-room.png`));
    await d.click(await find(d, { button: 'Stop recording' }, 'the Stop recording button'));
    await find(d, { css: '[data-testid=analysis-complete]' }, 'the analysis card');
  });
}

/** Without a sound output, Firefox never runs the graph: the recorder must say so, not listen forever. */
export async function engineFailureIsShown(d: EngineDriver, base: string): Promise<void> {
  await step(d, 'a silent audio engine shows the recorder error', 30_000, async () => {
    await d.goto(`${base}/tuning-room`);
    const start = await find(d, { button: 'Start recording' }, 'the Start recording button');
    await d.evaluate(FAKE_MICROPHONE);
    await d.click(start);
    const state = await waitFor(
      'the recorder error',
      () => d.evaluate<{ error: string | null }>(RECORDER_STATE),
      (s) => s.error !== null,
      15_000,
    );
    if (!state.error?.includes(ENGINE_TEXT)) throw new Error(`unexpected error text: ${state.error}`);
  });
}
