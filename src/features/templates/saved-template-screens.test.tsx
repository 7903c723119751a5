// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNetworkStore } from '../offline/network-store';
import { useSavedDataStatus } from '../offline/saved-data/saved-data-status';
import { LibraryScreen } from './LibraryScreen';
import type { SessionTemplate, TemplateSummary } from './template-api';
import { TemplateSessionScreen } from './TemplateSessionScreen';
import { nonEmptyText } from '../../lib/testing/non-empty-text';

// The template player (microphone, cues) is not what these tests are about: whether it is shown is.
vi.mock('./TemplatePlayer', () => ({
  TemplatePlayer: ({ template }: { template: SessionTemplate }) => (
    <p data-testid="template-player">{template.title}</p>
  ),
}));

const summary: TemplateSummary = {
  id: 1,
  slug: 'morning-voice-wake-up',
  title: 'Morning Voice Wake-Up',
  description: 'Wake the voice gently.',
  category: 'find',
  duration: 405,
  difficulty: 'beginner',
  voiceLevel: 'beginner',
  steps: 3,
};
const template: SessionTemplate = { ...summary, instructions: [] };

/**
 * A client holding `key`'s answer as a restored one (saved on the device, marked invalid:
 * persist-queries.ts) whose refresh fails as it does offline.
 */
async function restoredOffline(key: string, data: unknown) {
  const queryFn = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, queryFn } },
  });
  client.setQueryData([key], data);
  await client.invalidateQueries({ queryKey: [key] });
  return { client, queryFn };
}

function renderAt(client: QueryClient, path: string, routes: ReactNode) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>{routes}</Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('template screens with a saved answer whose refresh fails (offline)', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('the library shows its saved templates, not an error', async () => {
    const { client, queryFn } = await restoredOffline('/api/session-templates', [summary]);
    renderAt(client, '/library', <Route path="/library" element={<LibraryScreen />} />);
    await vi.waitFor(() => expect(client.getQueryState(['/api/session-templates'])?.status).toBe('error'));
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(await screen.findByTestId('library-item')).toBeTruthy();
    expect(screen.queryByText("We couldn't load the library just now.")).toBeNull();
  });

  it('a template session opens from its saved template, not an error', async () => {
    const { client, queryFn } = await restoredOffline('/api/voice-sessions/1', template);
    renderAt(client, '/session/1', <Route path="/session/:templateId" element={<TemplateSessionScreen />} />);
    await vi.waitFor(() => expect(client.getQueryState(['/api/voice-sessions/1'])?.status).toBe('error'));
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(await nonEmptyText(screen.findByTestId('template-player'))).toBe('Morning Voice Wake-Up');
    expect(screen.queryByText("We couldn't load this session just now.")).toBeNull();
  });
});

/**
 * Issue 30: a template never opened on this device, opened offline, said "We couldn't load this
 * session just now." It needs a connection, and says so in words, as the circle, class, program
 * and catalogue-session screens do (NeedsConnection, src/features/offline/saved-data/SavedNote.tsx).
 */
describe('template screens never opened on this device, offline', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    useNetworkStore.setState({ online: false });
    useSavedDataStatus.setState({ restoring: false });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    useNetworkStore.setState({ online: true });
    useSavedDataStatus.setState({ restoring: true });
  });

  const offlineClient = () =>
    new QueryClient({
      defaultOptions: {
        queries: { retry: false, queryFn: vi.fn().mockRejectedValue(new TypeError('Failed to fetch')) },
      },
    });

  it('a template session says it needs a connection, not that it could not load', async () => {
    renderAt(
      offlineClient(),
      '/session/1',
      <Route path="/session/:templateId" element={<TemplateSessionScreen />} />,
    );
    expect(await screen.findByText('This needs a connection.')).toBeTruthy();
    expect(screen.getByText(/not been saved on this device yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /try again/i })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to library' })).toBeTruthy();
    expect(screen.queryByText(/couldn't load/)).toBeNull();
  });

  it('the library says it needs a connection, not that it could not load', async () => {
    renderAt(offlineClient(), '/library', <Route path="/library" element={<LibraryScreen />} />);
    expect(await screen.findByText('This needs a connection.')).toBeTruthy();
    expect(screen.queryByText(/couldn't load/)).toBeNull();
  });
});
