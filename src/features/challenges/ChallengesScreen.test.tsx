// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { User } from '@supabase/supabase-js';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../domain/challenges';
import { localDateOf } from '../../domain/streaks';
import { ApiRequestError } from '../../lib/api';
import type { OutboxItem } from '../../lib/outbox/outbox';
import { useAuthStore } from '../auth/auth-store';
import { useToastStore } from '../toast/toast-store';
import type { Challenge, ChallengeList, MasterList } from './challenges-api';
import { ChallengesScreen } from './ChallengesScreen';
import { CircleChallenges } from './CircleChallenges';

const sendOrQueue = vi.hoisted(() => vi.fn());
vi.mock('../../lib/outbox/offline-writes', async (original) => ({
  ...(await original<typeof import('../../lib/outbox/offline-writes')>()),
  sendOrQueue,
}));
const pending = vi.hoisted(() => ({ items: [] as Partial<OutboxItem>[] }));
vi.mock('../sync/pending-writes-queries', () => ({
  usePendingOfKind: (kind: string) => pending.items.filter((i) => i.kind === kind),
}));

const TODAY = localDateOf(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

const challenge = (o: Partial<Challenge> = {}): Challenge => ({
  id: 1,
  name: '',
  measure: 'days',
  target: 7,
  focus: null,
  startDate: addDays(TODAY, -2),
  endDate: addDays(TODAY, 4),
  circle: null,
  createdByMe: true,
  creatorName: 'Mia',
  canDelete: true,
  joined: true,
  joiners: 1,
  state: 'open',
  daysLeft: 5,
  progress: { value: 4, metOn: null },
  ...o,
});
const listOf = (challenges: Challenge[], o: Partial<ChallengeList> = {}): ChallengeList => ({
  today: TODAY,
  limit: 5,
  openCount: challenges.filter((c) => c.state === 'open').length,
  metCount: challenges.filter((c) => c.state === 'met').length,
  challenges,
  ...o,
});

/** Answers by URL; a URL with no answer fails as the server would (500). */
function clientWith(answers: Record<string, unknown>, tokens: number) {
  const queryFn = vi.fn(async ({ queryKey }: { queryKey: readonly unknown[] }) => {
    const url = String(queryKey[0]);
    if (url.startsWith('/api/users/member-1/dashboard'))
      return { user: { toneTokens: tokens, totalSessions: 0, currentStreak: 0 }, streaks: {}, totals: {} };
    if (url in answers) return answers[url];
    throw new ApiRequestError(500, '{"message":"boom"}', null);
  });
  return new QueryClient({ defaultOptions: { queries: { retry: false, queryFn } } });
}

function show(ui: React.ReactNode, answers: Record<string, unknown>, tokens: number, path = '/challenges') {
  const client = clientWith(answers, tokens);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

beforeEach(() => {
  useAuthStore.setState({ user: { id: 'member-1' } as User });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  sendOrQueue.mockReset();
  pending.items = [];
  useToastStore.setState({ toasts: [] });
  window.HTMLElement.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the challenges screen', () => {
  it('below level 8 shows the challenges joined in a circle, in words, and says what opens the rest', async () => {
    const joined = challenge({
      circle: { id: 3, name: 'Evening hum' },
      createdByMe: false,
      canDelete: false,
    });
    show(<ChallengesScreen />, { '/api/challenges': listOf([joined]) }, 120);
    const card = await screen.findByTestId('challenge');
    expect(card.textContent).toContain('Evening hum · set by Mia');
    expect(card.textContent).toContain('Practise on 7 days');
    expect(within(card).getByTestId('challenge-progress').textContent).toBe(
      '4 of 7 days — 3 to go, 5 days left',
    );
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('57');
    expect(within(card).getByRole('button', { name: 'leave challenge' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /delete/ })).toBeNull();
    const locked = await screen.findAllByTestId('feature-locked');
    expect(locked.map((l) => l.textContent)).toEqual([
      expect.stringContaining('Custom challenges opens at level 8; you are at level 2'),
      expect.stringContaining('Master challenges opens at level 10; you are at level 2'),
    ]);
    expect(screen.queryByRole('button', { name: 'set challenge' })).toBeNull();
  });

  it('marks a met challenge done with its day, and an ended one with where it stopped', async () => {
    show(
      <ChallengesScreen />,
      {
        '/api/challenges': listOf([
          challenge({
            id: 1,
            state: 'met',
            progress: { value: 7, metOn: '2026-12-05' },
            name: 'Morning habit',
          }),
          challenge({
            id: 2,
            state: 'ended',
            endDate: '2026-11-30',
            daysLeft: 0,
            progress: { value: 2, metOn: null },
          }),
        ]),
      },
      2500,
    );
    const [met, ended] = await screen.findAllByTestId('challenge-progress');
    expect(met?.textContent).toBe('Done. Met on 5 Dec: 7 of 7 days');
    expect(ended?.textContent).toBe('Ended on 30 Nov with 2 of 7 days');
    expect(screen.getByTestId('challenge-summary').textContent).toBe(
      '0 open challenges (5 at most) · 1 challenge met',
    );
  });

  it('says when there is nothing yet, and offers a retry when the list cannot be read', async () => {
    show(<ChallengesScreen />, { '/api/challenges': listOf([]) }, 0);
    expect(await screen.findByText('No challenges yet.')).toBeTruthy();
    cleanup();
    const client = show(<ChallengesScreen />, {}, 0);
    expect(await screen.findByText("We couldn't load your challenges just now.")).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'try again' }).length).toBeGreaterThan(0);
    expect(client.getQueryState(['/api/challenges'])?.status).toBe('error');
  });

  it('asks before deleting a challenge of one’s own, then sends the delete once', async () => {
    sendOrQueue.mockResolvedValue({ queued: false, response: new Response(null, { status: 204 }) });
    show(<ChallengesScreen />, { '/api/challenges': listOf([challenge({ id: 9 })]) }, 2500);
    fireEvent.click(await screen.findByRole('button', { name: 'delete challenge' }));
    expect(screen.getByText(/Delete “Practise on 7 days”\? This cannot be undone\./)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'yes, delete' })));
    expect(sendOrQueue).toHaveBeenCalledTimes(1);
    expect(sendOrQueue).toHaveBeenCalledWith(
      'challenge-delete',
      '/api/challenges/9',
      {},
      { method: 'DELETE' },
    );
  });

  it('shows a challenge set offline as waiting to sync, and a left one as left on this device', async () => {
    pending.items = [
      {
        key: 'k1',
        kind: 'challenge',
        url: '/api/challenges',
        body: {
          name: '',
          measure: 'minutes',
          target: 60,
          focus: 'fun',
          startDate: TODAY,
          endDate: addDays(TODAY, 6),
        },
      },
      { key: 'k2', kind: 'challenge-leave', url: '/api/challenges/4/leave', body: {} },
    ];
    show(
      <ChallengesScreen />,
      { '/api/challenges': listOf([challenge({ id: 4, circle: { id: 3, name: 'Evening hum' } })]) },
      2500,
    );
    const waiting = await screen.findByTestId('challenge-waiting');
    expect(waiting.textContent).toContain('60 minutes of fun practice');
    expect(waiting.textContent).toContain('Waiting to sync');
    const card = await screen.findByTestId('challenge');
    expect(card.textContent).toContain('Left on this device');
    expect(within(card).queryByRole('button')).toBeNull();
  });
});

describe('setting a challenge (level 8)', () => {
  it('says the challenge in words, refuses a bad one before sending, and sends a good one once', async () => {
    sendOrQueue.mockResolvedValue({ queued: true });
    show(<ChallengesScreen />, { '/api/challenges': listOf([]), '/api/voice-circles/my-circles': [] }, 2500);
    const form = await screen.findByRole('form', { name: 'set a challenge' });
    expect(within(form).getByTestId('challenge-preview').textContent).toMatch(
      /^Practise on 5 days, \d+ \w+ – \d+ \w+\.$/,
    );

    fireEvent.change(within(form).getByLabelText('how many'), { target: { value: '9' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'set challenge' })));
    expect(within(form).getByRole('alert').textContent).toBe(
      'How many must be at most 7: there are only 7 days between the dates.',
    );
    expect(sendOrQueue).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText('what counts'), { target: { value: 'minutes' } });
    fireEvent.change(within(form).getByLabelText('how many'), { target: { value: '90' } });
    fireEvent.change(within(form).getByLabelText('focus'), { target: { value: 'fine-tune' } });
    expect(within(form).getByTestId('challenge-preview').textContent).toMatch(
      /^90 minutes of fine-tune practice, /,
    );
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'set challenge' })));
    expect(sendOrQueue).toHaveBeenCalledTimes(1);
    expect(sendOrQueue).toHaveBeenCalledWith(
      'challenge',
      '/api/challenges',
      expect.objectContaining({
        measure: 'minutes',
        target: 90,
        focus: 'fine-tune',
        startDate: TODAY,
        endDate: addDays(TODAY, 6),
        circleId: null,
        timeZone: expect.any(String),
      }),
      { stamp: true },
    );
    // Queued: said by the toast and the "waiting to sync" card, not by a note that would outlive it.
    await vi.waitFor(() =>
      expect(useToastStore.getState().toasts[0]?.description).toBe('Your challenge is set once it is sent.'),
    );
    expect(within(form).queryByRole('status')).toBeNull();
  });

  it('says in words that five open challenges are the most, instead of the form', async () => {
    const five = Array.from({ length: 5 }, (_, i) => challenge({ id: i + 1 }));
    show(<ChallengesScreen />, { '/api/challenges': listOf(five) }, 2500);
    expect(await screen.findByText(/^You have 5 open challenges, the most at once\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'set challenge' })).toBeNull();
  });
});

describe('master challenges (level 10)', () => {
  it('show each one with its progress in words, a bar and its badge', async () => {
    const master: MasterList = {
      since: '2026-11-01',
      challenges: [
        {
          id: 'streak-30',
          title: 'thirty days running',
          description: 'd',
          target: 30,
          value: 12,
          metOn: null,
          badgeId: 'b1',
          badgeName: 'Unbroken',
        },
        {
          id: 'thousand-minutes',
          title: 'a thousand minutes',
          description: 'd',
          target: 1000,
          value: 1200,
          metOn: '2026-12-02',
          badgeId: 'b2',
          badgeName: 'Thousand Minutes',
        },
        {
          id: 'every-focus-10',
          title: 'every focus, ten times',
          description: 'd',
          target: 40,
          value: 23,
          metOn: null,
          badgeId: 'b3',
          badgeName: 'Whole Voice',
          focuses: { find: 10, free: 7, 'fine-tune': 4, fun: 2 },
        },
      ],
    };
    show(<ChallengesScreen />, { '/api/challenges': listOf([]), '/api/challenges/master': master }, 4750);
    const cards = await screen.findAllByTestId('master-challenge');
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringContaining('12 of 30 days in a rowBadge when met: Unbroken'),
      expect.stringContaining('Done. Met on 2 Dec: 1,000 of 1,000 minutesBadge earned: Thousand Minutes'),
      expect.stringContaining('23 of 40 sessions (ten of each focus)find 10 · free 7 · fine-tune 4 · fun 2'),
    ]);
    expect(screen.getByText(/from the day you reached level 10 \(1 Nov\)/)).toBeTruthy();
  });
});

describe("a circle's challenges", () => {
  it('lists them with a join button that sends once; joined and waiting ones say so', async () => {
    sendOrQueue.mockResolvedValue({ queued: false, response: new Response('{}', { status: 201 }) });
    pending.items = [{ key: 'k', kind: 'challenge-join', url: '/api/challenges/3/join', body: {} }];
    const open = (id: number, o: Partial<Challenge> = {}) =>
      challenge({
        id,
        circle: { id: 7, name: 'Evening hum' },
        joined: false,
        progress: null,
        joiners: 3,
        ...o,
      });
    show(
      <CircleChallenges circleId={7} isMember />,
      {
        '/api/challenges/circles/7': [
          open(1),
          open(2, { joined: true, progress: { value: 1, metOn: null } }),
          open(3),
        ],
      },
      100,
    );
    const cards = await screen.findAllByTestId('challenge');
    expect(cards[0]?.textContent).toContain('5 days left · 3 members in it');
    expect(cards[1]?.textContent).toContain("You're in: your own practice counts.");
    expect(cards[2]?.textContent).toContain('Joined on this device');
    await act(async () => fireEvent.click(within(cards[0]!).getByRole('button', { name: 'join challenge' })));
    expect(sendOrQueue).toHaveBeenCalledTimes(1);
    expect(sendOrQueue).toHaveBeenCalledWith('challenge-join', '/api/challenges/1/join', {});
    // Below level 8 there is no link to set one for the circle.
    expect(screen.queryByRole('link', { name: 'set a challenge for this circle' })).toBeNull();
  });

  it('asks a visitor to join the circle first', () => {
    show(<CircleChallenges circleId={7} isMember={false} />, {}, 0);
    expect(screen.getByText('Join the circle to see its challenges and take them on together.')).toBeTruthy();
  });
});
