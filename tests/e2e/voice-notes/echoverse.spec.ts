import type { APIRequestContext, Page } from '@playwright/test';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, offlineUse, test, waitForServiceWorker } from '../offline/support';
import { reachLevel } from '../support/levels';
import {
  accessTokenOf,
  createConfirmedMember,
  createOnboardedMember,
  signInToHome,
  type Member,
} from '../support/members';
import { screenshotPath } from '../tuning/fake-mic';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

// The service worker keeps the app shell, so the screen opens again offline.
test.use(offlineUse);

const memberId = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;

/** A member at level 7 and their access token. */
async function levelSeven(request: APIRequestContext, create: () => Promise<Member>) {
  const member = await create();
  const token = await accessTokenOf(request, member);
  reachLevel(memberId(token), 7);
  return { member, token };
}

/**
 * Two seconds of real MP3 (16 kHz, 48 kbit/s): the start of a demo track the server rendered. Its
 * files are bare MP3 frames, so a cut still plays.
 */
function twoSecondsOfAudio(): string {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'storage/audio');
  const file = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).find((f) => f.endsWith('.mp3'));
  if (!file) throw new Error('no demo audio in the e2e data dir');
  return fs.readFileSync(path.join(dir, file)).subarray(0, 12_000).toString('base64');
}

/** Whether the list is in the device's saved copy yet (IndexedDB 'tuneful-saved-data'). */
function listSaved(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('tuneful-saved-data', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('members', { keyPath: 'memberId' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const rows = await new Promise<{ queries: { queryHash: string }[] }[]>((resolve, reject) => {
      const req = db.transaction('members').objectStore('members').getAll();
      req.onsuccess = () => resolve(req.result as { queries: { queryHash: string }[] }[]);
      req.onerror = () => reject(req.error);
    });
    db.close();
    return rows.some((r) => r.queries.some((q) => q.queryHash.includes('/api/echoverse')));
  });
}

test('a member hears shared notes one after another, echoes one, and reads the list offline where a report waits to sync', async ({
  page,
  request,
}) => {
  const cleo = await levelSeven(request, () => createConfirmedMember(request, { firstName: 'Cleo' }));
  const audio = twoSecondsOfAudio();
  for (const title of ['A low hum', 'Morning siren']) {
    const res = await request.post('/api/echoverse', {
      headers: { Authorization: `Bearer ${cleo.token}` },
      data: { voiceNoteId: crypto.randomUUID(), title, durationMs: 2000, mimeType: 'audio/mpeg', audio },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const dev = await levelSeven(request, () => createOnboardedMember(request, { firstName: 'Dev' }));
  await signInToHome(page, dev.member);

  await page.goto('/community');
  await page.getByRole('link', { name: 'the echoverse' }).click();
  const notes = page.getByTestId('shared-note');
  const siren = notes.filter({ hasText: 'Morning siren' });
  const hum = notes.filter({ hasText: 'A low hum' });
  await expect(siren).toContainText('Cleo');

  // Newest first; the second plays by itself when the first ends.
  await page.getByRole('button', { name: 'play all, one after another' }).click();
  await expect(siren.getByRole('button', { name: 'pause Morning siren, by Cleo' })).toBeVisible();
  await expect(hum.getByRole('button', { name: 'pause A low hum, by Cleo' })).toBeVisible({
    timeout: scaledTimeout(10_000),
  });
  await hum.getByRole('button', { name: /^echo / }).click();
  await expect(hum.getByTestId('echo-count')).toHaveText('1');
  await page.screenshot({ path: screenshotPath('echoverse.png'), fullPage: true });

  // Offline: the list is read from the device; listening waits for the connection.
  await waitForServiceWorker(page);
  await expect.poll(() => listSaved(page)).toBe(true);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId('echoverse-offline')).toContainText('listening needs a connection');
  await expect(siren.getByRole('button', { name: 'play Morning siren, by Cleo' })).toBeDisabled();
  await siren.getByRole('button', { name: 'report: Morning siren' }).click();
  const dialog = page.getByRole('dialog', { name: 'report this note' });
  await dialog.getByLabel('reason').fill('Too loud for me');
  await dialog.getByRole('button', { name: 'report', exact: true }).click();
  await expect(page.getByText("Saved — will sync when you're back online").first()).toBeVisible();
  await page.screenshot({ path: screenshotPath('echoverse-offline.png'), fullPage: true });

  // Back online, the report is sent once: Dev no longer hears that note.
  await page.context().setOffline(false);
  await expect
    .poll(async () => {
      const res = await request.get('/api/echoverse', { headers: { Authorization: `Bearer ${dev.token}` } });
      return ((await res.json()) as { notes: { title: string }[] }).notes.map((n) => n.title);
    })
    .toEqual(['A low hum']);
});
