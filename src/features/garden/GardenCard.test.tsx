// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';
import { GARDEN_ELEMENT_KEYS, gardenStateFor, nextGardenTier } from '../../domain/garden';
import { getQueryFn, setAccessTokenSource } from '../../lib/api';
import { getOutbox } from '../../lib/outbox/offline-writes';
import { useAuthStore } from '../auth/auth-store';
import { GardenCard } from './GardenCard';

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
let member = 'm0';
/** The picture and the customiser are lazy chunks: their first import may take a moment. */
const LAZY = { timeout: scaledTimeout(8000) };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server: the member's tokens (dashboard) and garden; every PUT is answered as stored. */
function server(tokens: number) {
  const puts: unknown[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/dashboard'))
      return json({
        user: { toneTokens: tokens, totalSessions: 1, currentStreak: 0 },
        streaks: {},
        totals: {},
      });
    if (url === '/api/garden' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      puts.push(body);
      return json({
        layout: body.layout,
        palette: body.palette,
        order: body.order,
        chosenAt: body.occurredAt,
      });
    }
    if (url === '/api/garden')
      return json({ layout: 'open', palette: 'meadow', order: [...GARDEN_ELEMENT_KEYS], chosenAt: null });
    return json({ error: 'not_found', message: url }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return puts;
}

function renderCard(tokens: number, path = '/journey-progress') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <GardenCard
          state={gardenStateFor(tokens)}
          toneTokens={tokens}
          nextGardenTier={nextGardenTier(tokens)}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const panelOf = (container: HTMLElement) =>
  waitFor(() => {
    const panel = container.querySelector<HTMLElement>('[id$="-panel"]');
    if (!panel) throw new Error('the customiser is not open');
    return panel;
  });

beforeEach(() => {
  member = `m${Math.random().toString(36).slice(2)}`;
  setAccessTokenSource(() => Promise.resolve(`${b64url({ alg: 'HS256' })}.${b64url({ sub: member })}.sig`));
  useAuthStore.setState({ user: { id: member } as never, loading: false });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the journey’s garden', () => {
  it('shows the tier, the tokens to the next tier and what grows next, with the picture', async () => {
    server(600);
    renderCard(600);
    const card = screen.getByTestId('garden');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('your garden blossom');
    expect(card.textContent).toContain('600 tone tokens · 650 more tokens to grow into a grove');
    expect(card.textContent).toContain(
      'Next, at level 5: wild poppies and butterfly (200 tone tokens to go).',
    );
    const img = await within(card).findByRole('img', {}, LAZY);
    expect(img.getAttribute('aria-label')).toMatch(
      /^A blossoming garden: first seed, .* sunflower and lavender\./,
    );
  });

  it('below level 6, customising says what it is and which level opens it', async () => {
    const puts = server(600);
    renderCard(600);
    const button = screen.getByRole('button', { name: /customise your garden/ });
    expect(button.textContent).toContain('opens at level 6');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const locked = await screen.findByTestId('feature-locked', {}, LAZY);
    expect(locked.textContent).toContain('Arrange your garden and choose its colours.');
    expect(locked.textContent).toContain(
      'Garden customisation opens at level 6; you are at level 4 (650 tone tokens to go).',
    );
    expect(screen.queryByRole('radio')).toBeNull();
    expect(puts).toEqual([]);
  });

  it('from level 6, previews a layout, colours and a swap live, and saves them once', async () => {
    const puts = server(1300);
    const { container } = renderCard(1300, '/journey-progress#garden');
    // Arriving at #garden opens the customiser. (Queries stay inside it: role queries over the
    // whole picture's few hundred shapes are slow in jsdom.)
    const panel = within(await panelOf(container));
    fireEvent.click(await panel.findByRole('radio', { name: /winding path/ }, LAZY));
    fireEvent.click(panel.getByRole('radio', { name: 'autumn' }));
    await waitFor(() =>
      expect(container.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('path'),
    );
    expect(container.querySelector('[data-palette]')?.getAttribute('data-palette')).toBe('autumn');
    expect(panel.getByText('This is a preview: save to keep it.')).toBeTruthy();

    fireEvent.change(panel.getByLabelText('move'), { target: { value: 'sunflower' } });
    fireEvent.change(panel.getByLabelText('to the place of'), { target: { value: 'lavender' } });
    fireEvent.click(panel.getByRole('button', { name: 'swap places' }));
    expect(panel.getByText('sunflower and lavender swapped places.')).toBeTruthy();

    fireEvent.click(panel.getByRole('button', { name: 'save my garden' }));
    expect(await panel.findByText('Saved. Your garden looks like this on your profile too.')).toBeTruthy();
    expect(puts).toHaveLength(1);
    const sent = puts[0] as { layout: string; palette: string; order: string[]; occurredAt: string };
    expect(sent).toMatchObject({ layout: 'path', palette: 'autumn' });
    expect(sent.order.indexOf('lavender')).toBeLessThan(sent.order.indexOf('sunflower'));
    expect(Date.parse(sent.occurredAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(container.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('path');
    expect(await getOutbox().pending(member)).toEqual([]);
  });

  it('offline, keeps the choice in the outbox and shows it as waiting to sync', async () => {
    const puts = server(1300);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { container } = renderCard(1300, '/journey-progress#garden');
    const panel = within(await panelOf(container));
    fireEvent.click(await panel.findByRole('radio', { name: 'dusk' }, LAZY));
    fireEvent.click(panel.getByRole('button', { name: 'save my garden' }));
    expect(
      await panel.findByText('Saved on this device: your garden syncs when you are back online.'),
    ).toBeTruthy();
    expect(puts).toEqual([]);
    const waiting = await getOutbox().pending(member);
    expect(waiting.map((w) => [w.kind, w.method, w.url])).toEqual([['garden', 'PUT', '/api/garden']]);
    await waitFor(() =>
      expect(container.querySelector('[data-palette]')?.getAttribute('data-palette')).toBe('dusk'),
    );
  });
});
