// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getQueryFn } from '../../lib/api';
import { ReminderSettingsForm } from './ReminderSettingsForm';
import type { RemindersView } from './reminders-api';
import { nonEmptyText } from '../../lib/testing/non-empty-text';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VIEW: RemindersView = {
  settings: {
    days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    time: '08:00',
    topics: ['recommendation', 'streak'],
    channels: [],
  },
  saved: false,
  zone: 'Europe/London',
  zoneKnown: true,
  zoneNext: null,
  next: null,
  today: '2026-01-07',
  practisedToday: false,
  email: { address: 'ada@example.com', confirmed: true },
  mailDelivery: 'smtp',
  devices: [],
  calendarUrl: null,
  pushPublicKey: 'key',
  recent: [],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderIt(view: RemindersView) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  client.setQueryData(['/api/reminders'], view);
  return render(
    <QueryClientProvider client={client}>
      <ReminderSettingsForm view={view} />
    </QueryClientProvider>,
  );
}

describe('the reminder settings form', () => {
  it('says which zone the times are in, that nothing is sent yet, and why a test cannot be sent', () => {
    renderIt(VIEW);
    expect(screen.getByTestId('reminder-zone').textContent).toMatch(
      /Times are in your time zone, Europe\/London \(.+\)/,
    );
    expect(screen.getByText('These are suggestions: nothing is sent until you save.')).toBeTruthy();
    expect(screen.getByTestId('reminders-next').textContent).toBe(
      'Reminders are off: choose how to be reminded below.',
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'send me a test reminder' }).disabled).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Monday' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Sunday' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('says when this device is in another zone, and when reminders will follow it', () => {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...real.call(this), timeZone: 'America/New_York' };
    });
    try {
      renderIt({ ...VIEW, zone: 'UTC', zoneKnown: false });
      expect(screen.getByTestId('reminder-zone').textContent).toMatch(
        /This device is set to America\/New York \(.+\): saving tells Tuneful, and your reminders follow it at once\.$/,
      );
      cleanup();
      renderIt(VIEW);
      expect(screen.getByTestId('reminder-zone').textContent).toMatch(/follow it from tomorrow\.$/);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('refuses to save a channel without a day, in words, sending nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderIt(VIEW);
    for (const d of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      fireEvent.click(screen.getByRole('button', { name: d }));
    fireEvent.click(screen.getByLabelText(/an e-mail/));
    fireEvent.click(screen.getByRole('button', { name: 'save reminders' }));
    expect(await nonEmptyText(screen.findByRole('alert'))).toBe('Choose at least one day.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('saves the whole choice with the device zone and an Idempotency-Key, then says so', async () => {
    const saved: RemindersView = {
      ...VIEW,
      saved: true,
      settings: {
        days: ['mon', 'sat'],
        time: '07:30',
        topics: ['recommendation', 'streak'],
        channels: ['email'],
      },
      next: { at: '2026-01-10T07:30:00.000Z', localDate: '2026-01-10', time: '07:30' },
    };
    const fetch = vi.fn(async () => json(saved));
    vi.stubGlobal('fetch', fetch);
    renderIt(VIEW);
    for (const d of ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])
      fireEvent.click(screen.getByRole('button', { name: d }));
    fireEvent.change(screen.getByLabelText('time'), { target: { value: '07:30' } });
    fireEvent.click(screen.getByLabelText(/an e-mail/));
    fireEvent.click(screen.getByRole('button', { name: 'save reminders' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/reminders');
    expect(init.method).toBe('PUT');
    expect(new Headers(init.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(init.body))).toMatchObject({
      days: ['mon', 'sat'],
      time: '07:30',
      topics: ['recommendation', 'streak'],
      channels: ['email'],
      timeZone: expect.any(String),
      occurredAt: expect.any(String),
    });
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('sends a test with the saved channels and lists what happened', async () => {
    const view: RemindersView = {
      ...VIEW,
      saved: true,
      settings: { ...VIEW.settings, channels: ['email', 'calendar'] },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          results: [
            { channel: 'email', ok: true, message: 'E-mail sent to a…@example.com.' },
            { channel: 'push', ok: false, message: 'No device has notifications turned on yet.' },
          ],
        }),
      ),
    );
    renderIt(view);
    fireEvent.click(screen.getByRole('button', { name: 'send me a test reminder' }));
    const list = await screen.findByRole('status', { name: 'what happened' });
    expect(list.textContent).toContain('E-mail sent to a…@example.com.');
    expect(list.textContent).toContain('No device has notifications turned on yet.');
  });

  it('shows the calendar address with a copy button once saved', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const url = 'http://localhost:8787/api/reminders/calendar/abc.ics';
    renderIt({
      ...VIEW,
      saved: true,
      calendarUrl: url,
      settings: { ...VIEW.settings, channels: ['calendar'] },
    });
    expect(screen.getByLabelText<HTMLInputElement>(/your calendar address/).value).toBe(url);
    fireEvent.click(screen.getByRole('button', { name: 'copy address' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
    expect(await screen.findByText(/Copied\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'download the calendar file' }).getAttribute('href')).toBe(url);
  });
});
