// Shared by the feedback specs (issue 20, "Feedback that agrees with itself"): the fake
// microphone plays a WAV through the real worklet and Wasm analyser, and the screens show the
// feedback table's words. The microphone is a browser launch option, so one file per microphone WAV.
import { expect, type Page } from '@playwright/test';

/** Pins the AudioContext to the fixtures' 48 kHz (headless Chromium would pick 44.1 kHz). */
export const PIN_48K = '?sampleRate=48000';
export const NO_VOICE = /^We could not hear a voice/;
export const GENTLE = /very gentle|let a little more sound out|across the room/;
export const TOO_LOUD = 'That was too loud for the microphone';

/** Records until the file has played (1 s silence, the sound, 1 s silence), then stops. */
export async function recordWholeFile(page: Page, seconds: number) {
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByRole('button', { name: 'Stop recording' })).toBeVisible();
  await page.waitForTimeout(seconds * 1000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeVisible();
}

/**
 * Starts template 1 with the microphone on, listens `seconds`, finishes. A few seconds of a
 * 6:45 plan is partial practice (the reward rule); the voice card is shown either way.
 */
export async function templateSessionListening(page: Page, seconds: number) {
  await page.goto(`/session/1${PIN_48K}`);
  await page.getByRole('button', { name: 'Start Session' }).click();
  await page.getByRole('button', { name: 'Turn on microphone' }).click();
  await expect(page.getByTestId('voice-view')).toHaveAttribute('data-live', 'true');
  await page.waitForTimeout(seconds * 1000);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Partial practice' })).toBeVisible();
}
