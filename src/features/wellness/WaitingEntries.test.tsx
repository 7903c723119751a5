// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '../../lib/outbox/outbox';
import { localDate } from './chart-math';
import { MoodTab } from './MoodTab';
import { OverviewTab } from './OverviewTab';
import { VitalsTab } from './VitalsTab';
import {
  WELLNESS_KEYS,
  type BiometricRecord,
  type MoodEntry,
  type NewBiometric,
  type NewMood,
} from './wellness-api';

/**
 * Issue 30: a mood saved offline was missing from the overview until it was sent. What waits in
 * the outbox shows where it belongs, marked, and the stored entry takes its place once sent.
 */
const pending = vi.hoisted(() => ({ items: [] as OutboxItem[] }));
vi.mock('../sync/pending-writes-queries', () => ({
  usePendingOfKind: (kind: string) => pending.items.filter((i) => i.kind === kind),
}));

const now = Date.now();
const at = new Date(now - 60_000).toISOString();
const mood: NewMood = {
  moodScore: 8,
  stressLevel: 3,
  anxietyLevel: 2,
  energyLevel: 7,
  emotions: ['calm'],
  notes: '',
  recordedAt: at,
  timeZone: 'UTC',
};
const reading: NewBiometric = {
  dataType: 'heart_rate',
  value: 61,
  unit: 'bpm',
  sourceDevice: 'manual',
  recordedAt: at,
  timeZone: 'UTC',
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
const stored = <T,>(body: T): T & { id: number; localDate: string } => ({
  ...body,
  id: 41,
  localDate: localDate(Date.parse(at)),
});

function renderWith(ui: React.ReactElement, data: { moods?: MoodEntry[]; vitals?: BiometricRecord[] }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(WELLNESS_KEYS.moodFortnight(), data.moods ?? []);
  client.setQueryData(WELLNESS_KEYS.recentMood(), data.moods ?? []);
  client.setQueryData(WELLNESS_KEYS.vitalsFortnight(), data.vitals ?? []);
  client.setQueryData(WELLNESS_KEYS.recentVitals(), data.vitals ?? []);
  client.setQueryData(WELLNESS_KEYS.insights(), { insights: [], progress: [] });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

beforeEach(() => {
  pending.items = [];
});
afterEach(cleanup);

describe('wellness entries saved offline', () => {
  it('a mood waiting to sync is today’s check-in, marked, and counts in the 14-day lines', () => {
    pending.items = [item('mood', mood)];
    renderWith(<OverviewTab onTrackMood={() => {}} />, {});
    const today = screen.getByTestId('today-check-in');
    expect(within(today).getByText('Mood').nextSibling?.textContent).toBe('8');
    expect(within(today).getByText('Waiting to sync')).toBeTruthy();
    expect(screen.queryByText('No mood data yet')).toBeNull();
    expect(screen.getByTestId('fortnight-chart').getAttribute('aria-label')).toContain(
      'Mood: 1 day, latest 8',
    );
    expect(screen.getByTestId('mood-waiting').textContent).toMatch(/1 entry waiting to sync/);
  });

  it('a reading waiting to sync shows in the vitals sparklines, marked', () => {
    pending.items = [item('vitals', reading)];
    renderWith(<OverviewTab onTrackMood={() => {}} />, {});
    expect(screen.queryByText('No biometric data yet')).toBeNull();
    expect(screen.getByText('61 bpm')).toBeTruthy();
    expect(screen.getByTestId('vitals-waiting').textContent).toMatch(/1 reading waiting to sync/);
  });

  it('once sent, the stored entry takes its place: shown once, not marked', () => {
    pending.items = [item('mood', mood), item('vitals', reading)];
    const data = { moods: [stored(mood)], vitals: [stored(reading)] };
    renderWith(<OverviewTab onTrackMood={() => {}} />, data);
    expect(within(screen.getByTestId('today-check-in')).queryByText('Waiting to sync')).toBeNull();
    expect(screen.queryByTestId('vitals-waiting')).toBeNull();
    expect(screen.queryByTestId('mood-waiting')).toBeNull();
    expect(screen.getByTestId('fortnight-chart').getAttribute('aria-label')).toContain(
      'Mood: 1 day, latest 8',
    );
    cleanup();
    renderWith(<MoodTab />, data);
    expect(screen.getAllByTestId('mood-entry')).toHaveLength(1);
    expect(screen.queryByText('Waiting to sync')).toBeNull();
    cleanup();
    renderWith(<VitalsTab />, data);
    expect(screen.getAllByTestId('vital-entry')).toHaveLength(1);
  });
});
