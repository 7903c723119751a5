// Issue 22's smoke test in Firefox and WebKit: the fake microphone's 220 Hz voice sung to an A3
// target reads about 0 cents (Chromium: tests/e2e/tuning/match-the-note.spec.ts).
import fs from 'node:fs';
import path from 'node:path';
import { waitFor, type EngineDriver } from './driver';
import { FAKE_MICROPHONE, TEXT_OF } from './page-scripts';

/** How far from the target the fake voice (220 Hz with a ±20 cent vibrato) may read. */
const CENTS_TOLERANCE = 10;

/**
 * Three earlier recordings around F3 (174.6 Hz) in the browser's history: the voice the
 * one-note exercise is placed on A3 for (placeInRange in src/domain/pitch-target/exercises.ts).
 */
const SEED_F3_HISTORY = `() => {
  const at = (i) => new Date(Date.now() - i * 86400000).toISOString();
  localStorage.setItem('tuneful_voice_sessions', JSON.stringify([1, 2, 3].map((i) => ({
    id: 'seed-' + i, at: at(i), durationSec: 8, overall: 70, clarity: 70, stability: 70, resonance: 50,
    projection: 50, breathiness: 20, volume: 50, pitchHz: 174.61, voicedFrames: 400,
  }))));
  return true;
}`;

/** The first note's result, or the take's error text. */
const TAKE_STATE = `() => {
  const note = document.querySelector('[data-testid=note-result]');
  const error = document.querySelector('[data-testid=match-the-note] [role=alert]');
  return {
    cents: note ? Number(note.getAttribute('data-cents')) : null,
    text: note ? note.textContent : null,
    error: error ? error.textContent : null,
  };
}`;

export async function matchTheNote(
  d: EngineDriver,
  base: string,
  shotsDir: string,
  find: (q: { css: string } | { button: string }, what: string) => Promise<string>,
): Promise<void> {
  // Seeded on the page the previous step left open (the app's origin), then read at load.
  await d.evaluate(SEED_F3_HISTORY);
  await d.goto(`${base}/tuning-room`);
  await d.click(await find({ button: 'match the note' }, 'the match the note button'));
  await waitFor(
    'the exercise placed on A3',
    () => d.evaluate<string | null>(TEXT_OF, '[data-testid=target-notes]'),
    (t) => t === 'A3',
  );
  await d.evaluate(FAKE_MICROPHONE);
  await d.click(await find({ button: 'Sing it' }, 'the Sing it button'));
  type Take = { cents: number | null; text: string | null; error: string | null };
  const take = await waitFor(
    'the note result',
    async () => {
      const state = await d.evaluate<Take>(TAKE_STATE);
      if (state.error) throw new Error(`the exercise shows an error: ${state.error}`);
      return state;
    },
    (s) => s.text !== null,
    20_000,
  );
  console.log(`      A3 take: ${take.cents} cents off`);
  fs.mkdirSync(shotsDir, { recursive: true });
  await d.screenshot(path.join(shotsDir, `${d.name}-match-the-note.png`));
  if (take.cents === null || Math.abs(take.cents) > CENTS_TOLERANCE)
    throw new Error(`expected about 0 cents on A3, read ${take.cents} (${take.text})`);
}
