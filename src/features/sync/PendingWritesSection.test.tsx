// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenSource } from '../../lib/api';
import { getOutbox } from '../../lib/outbox/offline-writes';
import { PendingWritesSection } from './PendingWritesSection';

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const tokenFor = (sub: string) => `${b64url({ alg: 'HS256' })}.${b64url({ sub })}.sig`;

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PendingWritesSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function queue(
  user: string,
  key: string,
  kind: string,
  body: object,
  url = '/api/session-completions',
) {
  await getOutbox().enqueue({
    key,
    userId: user,
    method: 'POST',
    url,
    body,
    occurredAt: '2026-11-26T09:15:00.000Z',
    kind,
  });
}

let member = 'm0';
beforeEach(() => {
  // A member of their own per test: the outbox module keeps one store for the whole file.
  member = `m${Math.random().toString(36).slice(2)}`;
  setAccessTokenSource(() => Promise.resolve(tokenFor(member)));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Waiting to sync', () => {
  it('says when nothing waits', async () => {
    renderSection();
    expect(await screen.findByText('Nothing is waiting to sync.')).toBeTruthy();
  });

  it('shows an error with a retry when the outbox cannot be read', async () => {
    const pending = vi.spyOn(getOutbox(), 'pending').mockRejectedValueOnce(new Error('blocked'));
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't read what is waiting to sync.");
    pending.mockRestore();
    fireEvent.click(within(alert).getByRole('button', { name: 'try again' }));
    expect(await screen.findByText('Nothing is waiting to sync.')).toBeTruthy();
  });

  it("lists the member's writes with what, when, tries and the last error, and no one else's", async () => {
    await queue(member, 'k1', 'completion', { sessionId: 1, title: 'Morning hum' });
    await queue(
      member,
      'k2',
      'private-reflection',
      { reflection_text: 'My voice felt warm.' },
      '/rest/v1/reflections',
    );
    await queue('someone-else', 'k3', 'echo', {});
    const stored = (await getOutbox().pending(member)).find((i) => i.key === 'k1')!;
    // A failed try, as the flush records it.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await getOutbox().sendNow(stored.key);
    renderSection();
    const rows = await screen.findAllByTestId('pending-write');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Completed “Morning hum”');
    expect(rows[0]!.textContent).toContain('1 try');
    expect(rows[0]!.textContent).toContain('Last try: Could not reach Tuneful');
    expect(rows[1]!.textContent).toContain('A private reflection');
    expect(rows[1]!.textContent).toContain('“My voice felt warm.”');
    expect(rows[1]!.textContent).toContain('Not tried yet');
    expect(rows[1]!.textContent).toMatch(/Made .*26/);
  });

  it('sends one now and says so; a failure keeps it with the reason', async () => {
    await queue(member, 'k1', 'echo', {}, '/api/sessions/3/echo');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Send now: An echo' }));
    expect(await screen.findByText(/Not sent yet: Could not reach Tuneful/)).toBeTruthy();
    expect(await screen.findByText('Last try: Could not reach Tuneful')).toBeTruthy();

    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    fireEvent.click(screen.getByRole('button', { name: 'Send now: An echo' }));
    expect(await screen.findByText('Sent: An echo.')).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByTestId('pending-write')).toHaveLength(0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(document.activeElement?.textContent).toBe('Waiting to sync');
  });

  it('asks before discarding, says what is lost, and Keep it keeps it', async () => {
    await queue(
      member,
      'k1',
      'private-reflection',
      { reflection_text: 'Open and easy.' },
      '/rest/v1/reflections',
    );
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Discard A private reflection' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Open and easy.');
    expect(dialog.textContent).toContain('Discarding deletes it from this device and it is never sent.');
    expect(dialog.textContent).toContain('Your reflection will not be saved');
    expect(document.activeElement?.textContent).toBe('Keep it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await getOutbox().pending(member)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Discard A private reflection' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Discarded: A private reflection.')).toBeTruthy();
    expect(await getOutbox().pending(member)).toEqual([]);
    expect(await screen.findByText('Nothing is waiting to sync.')).toBeTruthy();
  });
});
