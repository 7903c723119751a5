// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { CircleDetail, VoiceCircle } from './circles-api';
import { CircleCard } from './CircleCard';
import { LiveEntry } from './CirclePractice';
import { SessionsTab } from './SessionsTab';

afterEach(cleanup);

/**
 * Issue 30: "Speak up Tuesdays" said Wednesday. The schedule and the next session are told in
 * the member's own zone (the one the server keeps, sent with each circle), from the same
 * instant, so they agree with each other and with a name that promises a day, whatever zone
 * the device is in (the tests run in UTC).
 */
const speakUp: VoiceCircle = {
  id: 2,
  name: 'Speak up Tuesdays',
  description: '',
  sessionType: 'real_time',
  currentParticipants: 1,
  maxParticipants: 6,
  duration: 20,
  // Tuesday 8 December 2026, 10:00 UTC: 23:00 in Auckland, 02:00 in Los Angeles.
  scheduledTime: '2026-12-08T10:00:00.000Z',
  timeZone: 'Pacific/Auckland',
  focusArea: 'professional',
  skillLevel: 'intermediate',
  isPrivate: false,
  isMember: true,
  isCreator: false,
};

function wrap(ui: React.ReactElement, data?: [string, unknown]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (data) client.setQueryData([data[0]], data[1]);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a circle’s schedule and next session, in the member’s zone', () => {
  it('the card says the weekly schedule and the next session in words, on the same day', () => {
    wrap(<CircleCard circle={speakUp} />);
    const card = screen.getByTestId('circle-card');
    expect(within(card).getByTestId('circle-schedule').textContent).toBe('Every Tuesday at 23:00');
    expect(within(card).getByTestId('circle-next').textContent).toBe('Tuesday 8 December, 23:00');
  });

  it('a zone where it falls on another day says that day in both', () => {
    wrap(<CircleCard circle={{ ...speakUp, scheduledTime: '2026-12-08T12:00:00.000Z' }} />);
    expect(screen.getByTestId('circle-schedule').textContent).toBe('Every Wednesday at 01:00');
    expect(screen.getByTestId('circle-next').textContent).toBe('Wednesday 9 December, 01:00');
  });

  it('the circle screen’s next live session is told in the same zone', () => {
    const detail: CircleDetail = { ...speakUp, members: [], template: null, hostName: 'Ana' };
    wrap(<LiveEntry circle={detail} nowMs={Date.parse('2026-12-01T00:00:00Z')} />);
    expect(screen.getByTestId('circle-schedule').textContent).toBe('Every Tuesday at 23:00');
    expect(screen.getByTestId('circle-next').textContent).toBe('Tuesday 8 December, 23:00');
  });

  it('upcoming sessions are told in the member’s zone too', () => {
    wrap(<SessionsTab nowMs={Date.parse('2026-12-01T00:00:00Z')} />, [
      '/api/group-sessions/upcoming',
      [
        {
          id: '2-1',
          circleId: 2,
          title: 'Speak up Tuesdays',
          description: '',
          startTime: '2026-12-08T10:00:00.000Z',
          endTime: '2026-12-08T10:20:00.000Z',
          participantCount: 1,
          timeZone: 'America/Los_Angeles',
        },
      ],
    ]);
    expect(screen.getByTestId('circle-next').textContent).toBe('Tuesday 8 December, 02:00');
  });
});
