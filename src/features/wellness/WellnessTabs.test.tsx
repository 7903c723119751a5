// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getQueryFn } from '../../lib/api';
import { MoodTab } from './MoodTab';
import { VitalsTab } from './VitalsTab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(ui: React.ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('wellness tabs', () => {
  it('show a friendly error with retry, then the spec empty state', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json({ error: 'boom', message: 'secret' }, 500))
      .mockResolvedValueOnce(json([]));
    vi.stubGlobal('fetch', fetch);
    renderWith(<MoodTab />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load your mood entries just now.");
    expect(alert.textContent).not.toContain('secret');
    fireEvent.click(screen.getByRole('button', { name: 'try again' }));
    expect(await screen.findByText('No mood data yet')).toBeTruthy();
  });

  it('lists vitals with their unit and a delete button each', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        json([
          {
            id: 3,
            dataType: 'heart_rate',
            value: 58,
            unit: 'bpm',
            sourceDevice: 'garmin',
            recordedAt: '2026-01-02T08:00:00Z',
            localDate: '2026-01-02',
          },
        ]),
      ),
    );
    renderWith(<VitalsTab />);
    expect(await screen.findByText('Heart rate: 58 bpm')).toBeTruthy();
    expect(screen.getByText(/Garmin/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Delete the heart rate reading/ })).toBeTruthy();
  });
});
