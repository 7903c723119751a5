// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { User } from '@supabase/supabase-js';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { useAuthStore } from '../auth/auth-store';
import { AdminReviewScreen } from './AdminReviewScreen';
import { CircleRoles } from './CircleRoles';
import { LeadershipScreen } from './LeadershipScreen';
import { MentoringScreen } from './MentoringScreen';
import { TeachingScreen } from './TeachingScreen';
import type { MentoringPage, Pairing, Review, TeachingPage } from './mentoring-api';
import { nonEmptyText } from '../../lib/testing/non-empty-text';

const sendOrQueue = vi.hoisted(() => vi.fn());
vi.mock('../../lib/outbox/offline-writes', async (original) => ({
  ...(await original<typeof import('../../lib/outbox/offline-writes')>()),
  sendOrQueue,
}));

const LEVEL = { 1: 0, 7: 1750, 9: 3500, 10: 4750 } as const;

/** Answers by URL; an Error value is thrown; a URL with no answer fails as the server would (500). */
function show(ui: ReactNode, answers: Record<string, unknown>, tokens: number) {
  const queryFn = vi.fn(async ({ queryKey }: { queryKey: readonly unknown[] }) => {
    const url = String(queryKey[0]);
    if (url.startsWith('/api/users/member-1/dashboard'))
      return { user: { toneTokens: tokens, totalSessions: 0, currentStreak: 0 }, streaks: {}, totals: {} };
    const a = answers[url];
    if (a instanceof Error) throw a;
    if (a !== undefined) return a;
    throw new ApiRequestError(500, '{"message":"boom"}', null);
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, queryFn } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const pairing = (o: Partial<Pairing> = {}): Pairing => ({
  id: 3,
  role: 'mentee',
  focus: 'breath',
  since: '2026-12-01T10:00:00.000Z',
  partner: { firstName: 'Ana', level: 7, currentStreak: 4, intro: 'I love slow breathing.' },
  notes: [{ id: 1, mine: false, body: 'Well done this week!', createdAt: '2026-12-02T10:00:00.000Z' }],
  ...o,
});
const page = (o: Partial<MentoringPage> = {}): MentoringPage => ({
  canMentor: false,
  offer: null,
  mentor: null,
  mentees: [],
  ...o,
});

beforeEach(() => {
  useAuthStore.setState({ user: { id: 'member-1' } as User });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  sendOrQueue.mockReset();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('mentoring screen', () => {
  it('lets a level-1 member ask for a mentor, and says offering opens at level 7', async () => {
    show(<MentoringScreen />, { '/api/mentoring': page() }, LEVEL[1]);
    expect(await screen.findByRole('button', { name: 'find me a mentor' })).toBeTruthy();
    expect(await nonEmptyText(screen.findByTestId('feature-locked'))).toContain('opens at level 7');
  });

  it('shows the mentor’s first name, level, streak and notes, and queues a note', async () => {
    sendOrQueue.mockResolvedValue({ queued: true });
    show(<MentoringScreen />, { '/api/mentoring': page({ mentor: pairing() }) }, LEVEL[1]);
    const card = await screen.findByRole('article', { name: 'Ana' });
    expect(card.textContent).toContain('4 days in a row');
    expect(card.textContent).toContain('Well done this week!');
    fireEvent.change(within(card).getByLabelText('a note to Ana'), { target: { value: 'Thank you!' } });
    fireEvent.click(within(card).getByRole('button', { name: 'send note' }));
    await vi.waitFor(() =>
      expect(sendOrQueue).toHaveBeenCalledWith('mentor-note', '/api/mentoring/pairings/3/notes', {
        body: 'Thank you!',
      }),
    );
  });

  it('refuses an empty note in words without sending', async () => {
    show(<MentoringScreen />, { '/api/mentoring': page({ mentor: pairing({ notes: [] }) }) }, LEVEL[1]);
    const card = await screen.findByRole('article', { name: 'Ana' });
    expect(card.textContent).toContain('No notes yet');
    fireEvent.click(within(card).getByRole('button', { name: 'send note' }));
    expect((await within(card).findByRole('alert')).textContent).toContain('Write a few words first');
    expect(sendOrQueue).not.toHaveBeenCalled();
  });

  it('shows a level-7 member the offer form and their empty mentee list', async () => {
    sendOrQueue.mockResolvedValue({ queued: false, response: new Response('{}') });
    show(
      <MentoringScreen />,
      {
        '/api/mentoring': page({
          canMentor: true,
          offer: { intro: 'Hi', focuses: [], capacity: 2, available: true, mentees: 0 },
        }),
      },
      LEVEL[7],
    );
    expect(await screen.findByText(/No mentees yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'save offer' }));
    await vi.waitFor(() =>
      expect(sendOrQueue).toHaveBeenCalledWith(
        'mentor-offer',
        '/api/mentoring/offer',
        { intro: 'Hi', focuses: [], capacity: 2, available: true },
        { method: 'PUT' },
      ),
    );
  });

  it('says it could not load, with a retry, when the server fails', async () => {
    show(<MentoringScreen />, {}, LEVEL[1]);
    expect((await screen.findAllByRole('alert'))[0]?.textContent).toContain(
      "We couldn't load your mentoring",
    );
  });
});

describe('leadership screen', () => {
  it('is locked below level 9 with its level in words', async () => {
    show(<LeadershipScreen />, {}, LEVEL[7]);
    expect(await nonEmptyText(screen.findByTestId('feature-locked'))).toContain('opens at level 9');
  });

  it('says so when the leader leads no circle yet', async () => {
    show(<LeadershipScreen />, { '/api/leadership': { circles: [] } }, LEVEL[9]);
    expect(await screen.findByText(/You do not lead a circle yet/)).toBeTruthy();
  });

  it('pins a prompt, and offers only level-9 members as co-leaders', async () => {
    sendOrQueue.mockResolvedValue({ queued: true });
    const circle = {
      id: 5,
      name: 'Morning hum',
      role: 'owner',
      prompt: null,
      members: [
        { id: 'me', firstName: 'Bo', level: 9, coLeader: false, owner: true },
        { id: 'u2', firstName: 'Fay', level: 9, coLeader: false, owner: false },
        { id: 'u3', firstName: 'Gus', level: 2, coLeader: false, owner: false },
      ],
    };
    show(<LeadershipScreen />, { '/api/leadership': { circles: [circle] } }, LEVEL[9]);
    const card = await screen.findByRole('article', { name: 'Morning hum' });
    expect(card.textContent).toContain('No prompt this week.');
    const options = within(card)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Fay');
    expect(options).not.toContain('Gus');
    fireEvent.change(within(card).getByLabelText('this week’s prompt'), {
      target: { value: 'Hum for two minutes' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'pin prompt' }));
    await vi.waitFor(() =>
      expect(sendOrQueue).toHaveBeenCalledWith(
        'circle-prompt',
        '/api/leadership/circles/5/prompt',
        { prompt: 'Hum for two minutes' },
        { method: 'PUT' },
      ),
    );
  });

  it('shows badges beside names and the week’s prompt on a circle', async () => {
    show(
      <CircleRoles circleId={5} names={['Bo', 'Cal']} />,
      {
        '/api/leadership/circles/5/members': {
          prompt: { text: 'Slow sirens', weekOf: '2026-12-07', byFirstName: 'Bo' },
          members: [
            { firstName: 'Bo', badges: ['leader', 'certified teacher'] },
            { firstName: 'Cal', badges: [] },
          ],
        },
      },
      LEVEL[1],
    );
    expect(await screen.findByText('certified teacher')).toBeTruthy();
    expect(screen.getByText('leader')).toBeTruthy();
    expect(screen.getByText('Slow sirens')).toBeTruthy();
  });
});

const record = { daysPractised: 42, sessions: 120, minutes: 900 };
const teaching = (o: Partial<TeachingPage> = {}): TeachingPage => ({ application: null, record, ...o });
const application = {
  teaches: 'Breath',
  statement: 'I teach calmly.',
  links: [],
  submittedAt: '2026-12-01',
  reviewedAt: null,
};

describe('teaching screen', () => {
  it('is locked below level 10', async () => {
    show(<TeachingScreen />, {}, LEVEL[9]);
    expect(await nonEmptyText(screen.findByTestId('feature-locked'))).toContain('opens at level 10');
  });

  it('shows the practice record and the form, and refuses a bad link in words', async () => {
    show(<TeachingScreen />, { '/api/teaching': teaching() }, LEVEL[10]);
    expect(await nonEmptyText(screen.findByRole('article', { name: 'your practice record' }))).toContain(
      '42',
    );
    fireEvent.change(screen.getByLabelText('what you teach'), { target: { value: 'Breath' } });
    fireEvent.change(screen.getByLabelText('a short statement'), { target: { value: 'Hello' } });
    fireEvent.change(screen.getByLabelText('link 1 (optional)'), { target: { value: 'javascript:x' } });
    fireEvent.click(screen.getByRole('button', { name: 'send application' }));
    expect(await nonEmptyText(screen.findByRole('alert'))).toContain('https://');
    expect(sendOrQueue).not.toHaveBeenCalled();
  });

  it('shows a submitted application without the form, and a declined one with its reason and the form', async () => {
    show(
      <TeachingScreen />,
      { '/api/teaching': teaching({ application: { ...application, status: 'submitted', reason: null } }) },
      LEVEL[10],
    );
    expect(await screen.findByText(/With the team/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'send application' })).toBeNull();
    cleanup();
    show(
      <TeachingScreen />,
      {
        '/api/teaching': teaching({
          application: { ...application, status: 'declined', reason: 'Add a recording.' },
        }),
      },
      LEVEL[10],
    );
    expect(await screen.findByText(/Add a recording\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'send application' })).toBeTruthy();
  });
});

describe('admin review screen', () => {
  it('tells a non-admin the screen is for admins', async () => {
    show(<AdminReviewScreen />, { '/api/admin/me': { isAdmin: false } }, LEVEL[1]);
    expect(await screen.findByText('This screen is for the app’s admins.')).toBeTruthy();
  });

  it('says so when the admin list changed and the applications are refused', async () => {
    show(
      <AdminReviewScreen />,
      {
        '/api/admin/me': { isAdmin: true },
        '/api/admin/teaching-applications': new ApiRequestError(403, '{}'),
      },
      LEVEL[1],
    );
    expect(await screen.findByText('This screen is for the app’s admins.')).toBeTruthy();
  });

  it('says when there is nothing to review', async () => {
    show(
      <AdminReviewScreen />,
      { '/api/admin/me': { isAdmin: true }, '/api/admin/teaching-applications': { applications: [] } },
      LEVEL[1],
    );
    expect(await screen.findByText('No applications yet.')).toBeTruthy();
  });

  it('asks for a reason before declining', async () => {
    const review: Review = {
      ...application,
      status: 'submitted',
      reason: null,
      userId: 'u1',
      firstName: 'Cleo',
      email: 'c@example.org',
      record,
    };
    show(
      <AdminReviewScreen />,
      { '/api/admin/me': { isAdmin: true }, '/api/admin/teaching-applications': { applications: [review] } },
      LEVEL[1],
    );
    fireEvent.click(await screen.findByRole('button', { name: 'decline' }));
    expect(await nonEmptyText(screen.findByRole('alert'))).toContain('reason');
  });
});
