// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { User } from '@supabase/supabase-js';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '../../lib/outbox/outbox';
import { useAuthStore } from '../auth/auth-store';
import { COMMUNITY_KEYS } from '../community/community-api';
import { ReflectionsTab } from '../community/ReflectionsTab';
import { ReflectionsSection } from './ReflectionsSection';

/** Issue 30: reflections saved offline show where they belong, marked, and never twice. */
const pending = vi.hoisted(() => ({ items: [] as OutboxItem[] }));
vi.mock('../sync/pending-writes-queries', () => ({
  usePendingOfKind: (kind: string) => pending.items.filter((i) => i.kind === kind),
}));

const at = new Date().toISOString();
const item = (kind: string, body: unknown, key: string): OutboxItem => ({
  key,
  seq: 1,
  userId: 'member-1',
  method: 'POST',
  url: '/x',
  body,
  occurredAt: at,
  kind,
  attempts: 0,
  notBefore: 0,
});
const privateOne = item(
  'private-reflection',
  { user_id: 'member-1', session_id: 7, reflection_text: 'Calmer than this morning', client_key: 'k1' },
  'k1',
);
const sharedOne = item(
  'reflection',
  { sessionId: 12, reflectionText: 'My voice felt open', anonymous: false },
  'k2',
);

function show(ui: React.ReactElement, data: { mine?: unknown[]; community?: unknown[] }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(['profile', 'reflections', 'member-1'], data.mine ?? []);
  client.setQueryData([COMMUNITY_KEYS.reflections], data.community ?? []);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useAuthStore.setState({ user: { id: 'member-1' } as User });
  pending.items = [privateOne, sharedOne];
});
afterEach(cleanup);

describe('reflections saved offline', () => {
  it('the profile lists both, marked waiting to sync, instead of "no reflections yet"', () => {
    show(<ReflectionsSection />, {});
    expect(screen.queryByText('no reflections yet')).toBeNull();
    expect(screen.getByText('Calmer than this morning')).toBeTruthy();
    expect(screen.getByText('My voice felt open')).toBeTruthy();
    expect(screen.getAllByText(/Waiting to sync/)).toHaveLength(2);
  });

  it('the community lists the shared one, marked, and not the private one', () => {
    show(<ReflectionsTab />, {});
    expect(screen.getByText('My voice felt open')).toBeTruthy();
    expect(screen.queryByText('Calmer than this morning')).toBeNull();
    expect(screen.getByText(/Waiting to sync/)).toBeTruthy();
  });

  it('once stored, each is shown once, unmarked', () => {
    const mine = [
      {
        id: 1,
        kind: 'catalogue',
        sessionId: 7,
        text: 'Calmer than this morning',
        createdAt: at,
        sessionTitle: 'hum',
      },
      {
        id: 2,
        kind: 'catalogue',
        sessionId: 12,
        text: 'My voice felt open',
        createdAt: at,
        sessionTitle: 'open',
      },
    ];
    show(<ReflectionsSection />, { mine });
    expect(screen.getAllByText('Calmer than this morning')).toHaveLength(1);
    expect(screen.queryByText(/Waiting to sync/)).toBeNull();
    cleanup();
    const community = [
      {
        id: 2,
        content: 'My voice felt open',
        userName: 'Ada',
        kind: 'catalogue',
        sessionId: 12,
        sessionTitle: 'open',
        timeAgo: 'just now',
        echoes: 0,
        createdAt: at,
      },
    ];
    show(<ReflectionsTab />, { mine, community });
    expect(screen.getAllByText('My voice felt open')).toHaveLength(1);
    expect(screen.queryByText(/Waiting to sync/)).toBeNull();
  });
});
