// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { User } from '@supabase/supabase-js';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '../../lib/outbox/outbox';
import { ASSESSMENT_WRITE, VOICE_ASSESSMENTS_KEY, type NewAssessment } from '../assessment/assessment-api';
import { useAuthStore } from '../auth/auth-store';
import { PITCH_RESULTS_URL, type NewPitchResult } from '../pitch-match/pitch-api';
import { VoiceHealthScreen } from './VoiceHealthScreen';

/**
 * Issue 30: an assessment saved offline was missing from voice health until it was sent. It
 * shows there (and a pitch take in pitch accuracy), marked, and once stored it is shown once.
 */
const pending = vi.hoisted(() => ({ items: [] as OutboxItem[] }));
vi.mock('../sync/pending-writes-queries', () => ({
  usePendingOfKind: (kind: string) => pending.items.filter((i) => i.kind === kind),
}));

const at = new Date(Date.now() - 3_600_000).toISOString();
const assessment: NewAssessment = {
  avqi: 1.87,
  cpps: 14.2,
  hnr: 21,
  shimmerPercent: 3,
  shimmerDb: 0.3,
  ltasSlope: -20,
  ltasTilt: -9,
  mptSeconds: 18,
  recordedAt: at,
  engineVersion: 'test',
};
const take: NewPitchResult = {
  exerciseId: 'find-one-note',
  target: 'A3:1',
  notes: [{ name: 'A3', hz: 220, centsOff: 12, heldFraction: 0.9, arrivalSec: 0.2 }] as never,
  score: 88,
  shift: 0,
  recordedAt: at,
};
const item = (kind: string, body: unknown): OutboxItem => ({
  key: `${kind}-1`,
  seq: 1,
  userId: 'member-1',
  method: 'POST',
  url: '/api/x',
  body,
  occurredAt: at,
  kind,
  attempts: 0,
  notBefore: 0,
});

function show(stored: { assessments?: unknown[]; takes?: unknown[]; goals?: unknown[] }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData([VOICE_ASSESSMENTS_KEY, 'member-1'], stored.assessments ?? []);
  client.setQueryData([PITCH_RESULTS_URL, 'member-1'], stored.takes ?? []);
  client.setQueryData(['/api/voice-goals', 'member-1'], stored.goals ?? []);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <VoiceHealthScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useAuthStore.setState({ user: { id: 'member-1' } as User });
  pending.items = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('voice health with what waits to sync', () => {
  it('an assessment saved offline counts in this week’s overview, said to be waiting', () => {
    pending.items = [item(ASSESSMENT_WRITE, assessment)];
    show({});
    expect(screen.getByTestId('health-score').textContent).toContain('1.87');
    expect(screen.getByTestId('health-waiting').textContent).toMatch(/1 assessment waiting to sync/);
  });

  it('once stored it is counted once, and no longer said to wait', () => {
    pending.items = [item(ASSESSMENT_WRITE, assessment)];
    show({ assessments: [{ ...assessment, avqi: 1.87, id: 5 }] });
    expect(screen.getByTestId('health-score').textContent).toContain('1.87');
    expect(screen.queryByTestId('health-waiting')).toBeNull();
    // Counted once in the words that lead the card too (issue 31: words first).
    expect(screen.getByTestId('health-words').textContent).toBe(
      'Your voice sounded clear this week: in the range of typical voices.',
    );
  });

  it('a pitch take saved offline shows in pitch accuracy, said to be waiting', () => {
    pending.items = [item('pitch-result', take)];
    show({});
    fireEvent.click(screen.getByRole('tab', { name: 'trends' }));
    expect(screen.getByTestId('pitch-accuracy-week').textContent).toContain('88/100');
    expect(screen.getByTestId('pitch-waiting').textContent).toMatch(/1 take waiting to sync/);
  });

  it('a goal set offline is shown once the server holds it, not twice', () => {
    const goal = { metric: 'breathSupport', targetValue: 20, targetDate: '2027-01-31' };
    pending.items = [item('goal', goal)];
    show({});
    fireEvent.click(screen.getByRole('tab', { name: 'goals' }));
    expect(screen.getAllByTestId('goal')).toHaveLength(1);
    expect(screen.getByText(/Waiting to sync/)).toBeTruthy();
    cleanup();
    show({
      goals: [
        {
          id: 3,
          targetMetric: 'breathSupport',
          targetValue: 20,
          targetDate: '2027-01-31',
          createdAt: at,
          scale: 'assessment',
        },
      ],
    });
    fireEvent.click(screen.getByRole('tab', { name: 'goals' }));
    expect(screen.getAllByTestId('goal')).toHaveLength(1);
    expect(screen.queryByText(/Waiting to sync/)).toBeNull();
  });
});
