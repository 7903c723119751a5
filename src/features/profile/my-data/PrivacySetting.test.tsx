// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getQueryFn } from '../../../lib/api';
import { PrivacySetting } from './PrivacySetting';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderIt() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  return render(
    <QueryClientProvider client={client}>
      <PrivacySetting />
    </QueryClientProvider>,
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('PrivacySetting', () => {
  it('shows loading, then an error with retry, then the setting on by default', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json({ error: 'boom', message: 'secret' }, 500))
      .mockResolvedValueOnce(json({ pulseIdentity: 'first_name' }));
    vi.stubGlobal('fetch', fetch);
    renderIt();
    expect(screen.getByRole('status').textContent).toContain('Loading your privacy settings');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your privacy settings.');
    expect(alert.textContent).not.toContain('secret');
    fireEvent.click(screen.getByRole('button', { name: 'try again' }));
    const box = await screen.findByLabelText<HTMLInputElement>('Show my first name in the community pulse');
    expect(box.checked).toBe(true);
    expect(screen.queryByLabelText('not at all')).toBeNull();
  });

  it('turning it off saves "someone" and offers "not at all"', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT' ? json(JSON.parse(String(init.body))) : json({ pulseIdentity: 'first_name' }),
    );
    vi.stubGlobal('fetch', fetch);
    renderIt();
    fireEvent.click(await screen.findByLabelText('Show my first name in the community pulse'));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('as “Someone”').checked).toBe(true));
    fireEvent.click(screen.getByLabelText('not at all'));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('not at all').checked).toBe(true));
    const puts = fetch.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => init?.body);
    expect(puts).toEqual([
      JSON.stringify({ pulseIdentity: 'someone' }),
      JSON.stringify({ pulseIdentity: 'hidden' }),
    ]);
  });
});
