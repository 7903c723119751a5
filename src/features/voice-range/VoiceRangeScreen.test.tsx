// @vitest-environment jsdom
import type { User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RangeResult } from '../../../dsp/range-types';
import type { VoiceFrame } from '../../../dsp/types';
import { getQueryFn, setAccessTokenSource } from '../../lib/api';
import { getOutbox } from '../../lib/outbox/offline-writes';
import { useAuthStore } from '../auth/auth-store';
import type { RecordTakeOptions, Take } from '../assessment/record-take';
import { CALIBRATION_KEY } from './calibration';
import type { RangeOptions, RangeRecording } from './analyse-range';

/** The microphone and the range engine are the device's; here they are stand-ins the test drives. */
const device = vi.hoisted(() => ({
  takes: 0,
  quiet: false,
  analysed: [] as { recording: RangeRecording; options?: RangeOptions }[],
  result: null as RangeResult | null,
}));
vi.mock('../assessment/record-take', () => ({
  recordTake: async ({ onFrame, onLevel }: RecordTakeOptions): Promise<Take> => {
    device.takes += 1;
    onLevel({ rms: 0.1, peak: 0.3 });
    // A glide's live frames: G2 up to E4, louder as it rises.
    for (let st = 43; st <= 64; st++)
      onFrame?.({ f0: 440 * 2 ** ((st - 69) / 12), semitone: st, rms: 0.02 + st / 1000 } as VoiceFrame);
    const samples = new Float32Array(4800).fill(device.quiet ? 0.001 : 0.3);
    return { samples, rate: 48000 };
  },
}));
vi.mock('./analyse-range', () => ({
  analyseRangeOnDevice: async (recording: RangeRecording, options?: RangeOptions) => {
    device.analysed.push({ recording, options });
    return { ok: true, result: device.result! };
  },
}));
const { VoiceRangeScreen } = await import('./VoiceRangeScreen');

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const RESULT: RangeResult = {
  lowestHz: 98,
  highestHz: 329.63,
  lowestNote: 'G2',
  highestNote: 'E4',
  rangeSemitones: 21,
  profile: [
    { semitone: 43, minDb: -30, maxDb: -8 },
    { semitone: 52, minDb: -34.5, maxDb: -2 },
    { semitone: 64, minDb: -25, maxDb: 0 },
  ],
  levels: 'relative',
  voicedSeconds: 41.2,
  analysisMs: 120,
  engineVersion: 'range-test',
};
const SAVED_IN_MARCH = {
  id: 1,
  recordedAt: '2026-03-10T10:00:00.000Z',
  lowestHz: 103.8,
  highestHz: 293.66,
  rangeSemitones: 18,
  profile: [{ semitone: 44, minDb: -20, maxDb: 0 }],
  levels: 'relative',
  softestDb: null,
  engineVersion: 'range-test',
};

let tokens = 1250;
let member = '';
let posts: { url: string; body: Record<string, unknown> }[];
let deletes: string[];
let saved: unknown[];

beforeEach(() => {
  member = `m${Math.random().toString(36).slice(2)}`;
  setAccessTokenSource(() => Promise.resolve(`${b64url({ alg: 'HS256' })}.${b64url({ sub: member })}.sig`));
  useAuthStore.setState({ user: { id: member, user_metadata: {} } as unknown as User, loading: false });
  tokens = 1250;
  posts = [];
  deletes = [];
  saved = [SAVED_IN_MARCH];
  device.takes = 0;
  device.quiet = false;
  device.analysed = [];
  device.result = RESULT;
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'DELETE') {
        deletes.push(url);
        saved = [];
        return new Response(null, { status: 204 });
      }
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
        posts.push({ url, body });
        return json({ id: 2, ...body }, 201);
      }
      if (url.includes('/dashboard'))
        return json({
          streaks: { current: 0, longest: 0 },
          user: { totalSessions: 1, currentStreak: 0, toneTokens: tokens },
          totals: { minutes: 1, sessions: 1 },
        });
      if (url === '/api/voice-ranges') return json(saved);
      return json({ error: 'not_found', message: 'no' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderScreen() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <VoiceRangeScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Walks the four steps, pressing Record on each. */
async function singAllSteps() {
  fireEvent.click(await screen.findByRole('button', { name: 'start the range check' }));
  for (const title of [
    'glide up on “ah”',
    'glide back down',
    'a soft “ah” on a low, a middle and a high note',
    'a loud “ah” on a low, a middle and a high note',
  ]) {
    await screen.findByRole('heading', { name: title });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
  }
  return screen.findByTestId('range-result');
}

describe('the range check screen', () => {
  it('below level 6 says what it is and which level opens it', async () => {
    tokens = 800;
    renderScreen();
    expect(await screen.findByText(/opens at level 6/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'start the range check' })).toBeNull();
  });

  it('shows the saved ranges with how the range changed', async () => {
    saved = [
      { ...SAVED_IN_MARCH, id: 3, recordedAt: '2026-11-30T10:00:00.000Z', rangeSemitones: 20 },
      SAVED_IN_MARCH,
    ];
    renderScreen();
    const history = await screen.findByTestId('range-history');
    expect(await within(history).findByText('Your range grew two semitones since March.')).toBeTruthy();
    expect(history.textContent).toContain('10 Mar 2026: G#2 to D4, 18 semitones');
  });

  it('removes a saved range when asked, and refuses at once offline with words', async () => {
    renderScreen();
    const history = await screen.findByTestId('range-history');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.click(
      await within(history).findByRole('button', { name: 'remove the range check of 10 Mar 2026' }),
    );
    expect(await within(history).findByText(/Removing a range check needs a connection/)).toBeTruthy();
    expect(deletes).toEqual([]);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    fireEvent.click(within(history).getByRole('button', { name: 'remove the range check of 10 Mar 2026' }));
    expect(await within(history).findByText('No range saved yet.')).toBeTruthy();
    expect(deletes).toEqual(['/api/voice-ranges/1']);
  });

  it('guides the member through the steps, draws the phonetogram live, and leads the result with words', async () => {
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'start the range check' }));
    expect(await screen.findByText(/First, warm up for a minute/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    // The live drawing: one dot per sung moment, refreshed within a tenth of a second.
    await waitFor(() => expect(screen.getByTestId('phonetogram').querySelectorAll('circle').length).toBe(22));
    await screen.findByRole('heading', { name: 'glide back down' });
    for (let i = 0; i < 3; i++) {
      fireEvent.click(await screen.findByRole('button', { name: 'Record' }));
      await waitFor(() => expect(device.takes).toBe(i + 2));
    }
    const result = await screen.findByTestId('range-result');
    expect(within(result).getByTestId('range-words').textContent).toBe(
      'Your range today: G2 to E4, 21 semitones — about an octave and three quarters.',
    );
    expect(within(result).getByTestId('range-trend').textContent).toBe(
      'Your range grew three semitones since March.',
    );
    expect(within(result).getByTestId('range-lowest').textContent).toBe('G2 (98 Hz)');
    expect(within(result).getByTestId('range-highest').textContent).toBe('E4 (330 Hz)');
    expect(within(result).getByTestId('range-levels').textContent).toBe(
      'Levels are relative: 0 dB is your loudest sound today, because this device is not calibrated.',
    );
    expect(within(result).getByTestId('phonetogram-profile')).toBeTruthy();
    // The four takes went to the engine as one mono recording, 0.25 s of silence between
    // them, without a calibration.
    expect(device.analysed).toHaveLength(1);
    expect(device.analysed[0]!.recording.samples).toHaveLength(1);
    expect(device.analysed[0]!.recording.samples[0]!.length).toBe(4 * 4800 + 3 * 12000);
    expect(device.analysed[0]!.options).toEqual({});
    const details = within(result).getByTestId('range-details');
    expect(details.textContent).toContain('dynamic range: how far apart the two are');
    expect(within(details).getByRole('row', { name: /E3/ }).textContent).toBe('E3-34.5 dB-2.0 dB32.5 dB');

    fireEvent.click(within(result).getByRole('button', { name: 'save my range' }));
    expect(await within(result).findByText(/Saved to your voice health/)).toBeTruthy();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url).toBe('/api/voice-ranges');
    expect(posts[0]!.body).toEqual({
      lowestHz: 98,
      highestHz: 329.63,
      rangeSemitones: 21,
      profile: RESULT.profile,
      levels: 'relative',
      recordedAt: expect.any(String),
      engineVersion: 'range-test',
    });
  });

  it('asks again for a step it could not hear, and keeps the member on that step', async () => {
    device.quiet = true;
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'start the range check' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Record' }));
    expect((await screen.findByTestId('range-problem')).textContent).toContain(
      'We could not hear your voice',
    );
    expect(screen.getByRole('heading', { name: 'glide up on “ah”' })).toBeTruthy();
  });

  it('with this device calibrated, measures in dB SPL and saves the softest level', async () => {
    localStorage.setItem(
      CALIBRATION_KEY,
      JSON.stringify({ calibrationDb: 91.5, device: 'my phone', calibratedAt: '2026-12-01T09:00:00.000Z' }),
    );
    device.result = {
      ...RESULT,
      levels: 'spl',
      profile: [
        { semitone: 43, minDb: 52.3, maxDb: 84 },
        { semitone: 64, minDb: 55, maxDb: 95.5 },
      ],
    };
    renderScreen();
    expect((await screen.findByTestId('calibration-status')).textContent).toContain('my phone, 1 Dec 2026');
    const result = await singAllSteps();
    expect(device.analysed[0]!.options).toEqual({ calibrationDb: 91.5 });
    expect(within(result).getByTestId('range-levels').textContent).toBe(
      'Levels are in dB SPL at 30 cm, from this device’s calibration (my phone, 1 Dec 2026).',
    );
    fireEvent.click(within(result).getByRole('button', { name: 'save my range' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toMatchObject({ levels: 'spl', softestDb: 52.3 });
  });

  it('offline, keeps the range in the outbox and lists it as waiting to sync', async () => {
    renderScreen();
    const result = await singAllSteps();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.click(within(result).getByRole('button', { name: 'save my range' }));
    expect(await within(result).findByText(/Saved on this device/)).toBeTruthy();
    expect(posts).toEqual([]);
    const waiting = await getOutbox().pending(member);
    expect(waiting.map((w) => [w.kind, w.method, w.url])).toEqual([
      ['voice-range', 'POST', '/api/voice-ranges'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'close' }));
    const history = await screen.findByTestId('range-history');
    await waitFor(() => expect(history.textContent).toContain('21 semitones · Waiting to sync'));
  });
});

describe('calibrating this device', () => {
  it('measures a steady tone, takes the meter reading, refuses a reading no voice gives, and keeps it in this browser', async () => {
    renderScreen();
    const panel = within(await screen.findByTestId('calibration'));
    fireEvent.click(panel.getByRole('button', { name: 'calibrate this device' }));
    fireEvent.click(panel.getByRole('button', { name: 'Record' }));
    const reading = await panel.findByLabelText("the meter's reading, dB SPL");
    fireEvent.change(reading, { target: { value: '300' } });
    fireEvent.click(panel.getByRole('button', { name: 'save the calibration' }));
    expect((await panel.findByRole('alert')).textContent).toContain('between 30 and 130 dB SPL');
    fireEvent.change(reading, { target: { value: '72' } });
    fireEvent.change(panel.getByLabelText('name of this device'), { target: { value: 'kitchen phone' } });
    fireEvent.click(panel.getByRole('button', { name: 'save the calibration' }));
    expect((await panel.findByTestId('calibration-status')).textContent).toContain('kitchen phone');
    // The take's steady level: a constant 0.3, 20 log10(0.3) = -10.46 dB; 72 + 10.46 - 3.01.
    const stored = JSON.parse(localStorage.getItem(CALIBRATION_KEY)!) as {
      calibrationDb: number;
      device: string;
    };
    expect(stored).toMatchObject({ calibrationDb: 79.45, device: 'kitchen phone' });
  });
});
