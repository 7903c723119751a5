// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '../../lib/outbox/outbox';
import { renderAsMember } from '../tier-features/test-member';
import type { CheckInsAnswer } from './check-in-api';
import { CheckInScreen } from './CheckInScreen';
import { nonEmptyText } from '../../lib/testing/non-empty-text';

const pending = vi.hoisted(() => ({ items: [] as OutboxItem[] }));
const sent = vi.hoisted(() => ({ calls: [] as unknown[][], answer: null as unknown }));

vi.mock('../sync/pending-writes-queries', () => ({ usePendingOfKind: () => pending.items }));
vi.mock('../../lib/outbox/offline-writes', async (original) => ({
  ...(await original<typeof import('../../lib/outbox/offline-writes')>()),
  sendOrQueue: vi.fn(async (...args: unknown[]) => {
    sent.calls.push(args);
    return sent.answer === null
      ? { queued: true }
      : { queued: false, response: new Response(JSON.stringify(sent.answer)) };
  }),
}));
// The suggestion's session comes from the catalogue reads, not this screen's subject.
vi.mock('../sessions/queries', () => ({
  useAllSessions: () => ({ data: [] }),
  useRecommendation: () => ({ data: undefined }),
}));

const TODAY = '2026-12-07';
const answer = (checkIns: CheckInsAnswer['checkIns']): CheckInsAnswer => ({ today: TODAY, checkIns });
const day = (localDate: string, voice: CheckInsAnswer['checkIns'][number]['voice']) => ({
  localDate,
  voice,
  energy: 'steady' as const,
  mood: 'okay' as const,
  note: '',
  checkedAt: `${localDate}T08:00:00Z`,
});

beforeEach(() => {
  pending.items = [];
  sent.calls = [];
  sent.answer = null;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the daily check-in screen', () => {
  it('asks three questions and an optional note, says what is missing, and sends the answers with their moment', async () => {
    renderAsMember(<CheckInScreen />, { tokens: 0, answers: { '/api/check-ins': answer([]) } });
    // Label and text queries: role queries over this form cost seconds in jsdom.
    const group = (legend: string) => screen.getByText(legend).closest('fieldset')!;
    const voice = (await screen.findByText('how does your voice feel?')).closest('fieldset')!;
    expect(
      [...voice.querySelectorAll('input[type=radio]')].map((r) => r.closest('label')?.textContent),
    ).toEqual(['rested and clear', 'fine', 'tired', 'strained', 'hoarse or sore']);
    fireEvent.click(within(voice).getByLabelText('tired'));
    fireEvent.click(screen.getByRole('button', { name: "save today's check-in" }));
    expect(await nonEmptyText(screen.findByRole('alert'))).toBe(
      'Tap an answer for your energy and your mood first.',
    );
    expect(sent.calls).toEqual([]);

    fireEvent.click(within(group('your energy')).getByLabelText('low'));
    fireEvent.click(within(group('your mood')).getByLabelText('good'));
    fireEvent.change(screen.getByLabelText(/a note/), { target: { value: '  long rehearsal  ' } });
    fireEvent.click(screen.getByRole('button', { name: "save today's check-in" }));
    await vi.waitFor(() => expect(sent.calls).toHaveLength(1));
    const [kind, url, body, options] = sent.calls[0]!;
    expect([kind, url, options]).toEqual(['check-in', '/api/check-ins', { stamp: true }]);
    expect(body).toMatchObject({ voice: 'tired', energy: 'low', mood: 'good', note: 'long rehearsal' });
  });

  it("shows today's answers with a suggestion: rest and a doctor's word for a hoarse voice", async () => {
    renderAsMember(<CheckInScreen />, {
      tokens: 0,
      answers: { '/api/check-ins': answer([day('2026-12-01', 'fine'), day(TODAY, 'hoarse')]) },
    });
    expect(await nonEmptyText(screen.findByTestId('todays-check-in'))).toContain(
      'voice hoarse or sore · energy steady · mood okay',
    );
    const suggestion = screen.getByTestId('check-in-suggestion');
    expect(suggestion.textContent).toContain('rest your voice today');
    expect(screen.getByTestId('doctor-note').textContent).toContain('more than two weeks');
    expect(within(suggestion).getByRole('link').getAttribute('href')).toBe('/listening-room');
    expect(screen.getByTestId('strip-summary').textContent).toBe(
      'You checked in on 2 days of the last 30: clear or fine on 1, strained or hoarse on 1.',
    );

    fireEvent.click(screen.getByRole('button', { name: "change today's answers" }));
    expect((screen.getByLabelText('hoarse or sore') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: "keep today's answers" }));
    expect(screen.getByTestId('todays-check-in')).toBeTruthy();
  });

  it("shows the saved check-in as today's, with its suggestion", async () => {
    sent.answer = { checkIn: day(TODAY, 'clear') };
    const answers: Record<string, unknown> = { '/api/check-ins': answer([]) };
    renderAsMember(<CheckInScreen />, { tokens: 0, answers });
    fireEvent.click(
      within((await screen.findByText('your energy')).closest('fieldset')!).getByLabelText('high'),
    );
    fireEvent.click(screen.getByLabelText('rested and clear'));
    fireEvent.click(within(screen.getByText('your mood').closest('fieldset')!).getByLabelText('good'));
    answers['/api/check-ins'] = answer([day(TODAY, 'clear')]); // what the server now holds
    fireEvent.click(screen.getByRole('button', { name: "save today's check-in" }));
    expect(await nonEmptyText(screen.findByTestId('todays-check-in'))).toContain('voice rested and clear');
    expect(screen.getByTestId('check-in-suggestion').textContent).toContain('a good day to practise');
    expect(screen.queryByTestId('check-in-waiting')).toBeNull();
  });

  it('shows a check-in made offline as waiting, and counts it in the strip', async () => {
    pending.items = [
      {
        key: 'k',
        seq: 1,
        userId: 'member-1',
        method: 'POST',
        url: '/api/check-ins',
        body: { voice: 'strained', energy: 'steady', mood: 'okay', note: '' },
        occurredAt: new Date().toISOString(),
        kind: 'check-in',
        attempts: 0,
        notBefore: 0,
      },
    ];
    const today = new Intl.DateTimeFormat('en-CA').format(new Date());
    renderAsMember(<CheckInScreen />, { tokens: 0, answers: { '/api/check-ins': { today, checkIns: [] } } });
    expect(await nonEmptyText(screen.findByTestId('check-in-waiting'))).toContain('Saved on this device');
    expect(screen.getByTestId('check-in-suggestion').textContent).toContain('go gently today');
    expect(screen.getByTestId('strip-summary').textContent).toContain('strained or hoarse on 1');
  });

  it('says when the check-ins cannot be read, with a retry', async () => {
    renderAsMember(<CheckInScreen />, {
      tokens: 0,
      answers: { '/api/check-ins': new Response('{"error":"boom","message":"secret"}', { status: 500 }) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load your check-ins just now.");
    expect(alert.textContent).not.toContain('secret');
    expect(within(alert).getByRole('button', { name: 'try again' })).toBeTruthy();
  });
});
