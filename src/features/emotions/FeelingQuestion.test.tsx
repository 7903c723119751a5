// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAsMember } from '../tier-features/test-member';
import { AfterFeeling, BeforeFeeling } from './FeelingQuestion';
import { nonEmptyText } from '../../lib/testing/non-empty-text';

const sent = vi.hoisted(() => ({ calls: [] as unknown[][], queued: false }));
vi.mock('../../lib/outbox/offline-writes', async (original) => ({
  ...(await original<typeof import('../../lib/outbox/offline-writes')>()),
  sendOrQueue: vi.fn(async (...args: unknown[]) => {
    sent.calls.push(args);
    return sent.queued ? { queued: true } : { queued: false, response: new Response('{}') };
  }),
}));

beforeEach(() => {
  sent.calls = [];
  sent.queued = false;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the before and after question', () => {
  it('is not asked below level 2', async () => {
    const { client } = renderAsMember(<AfterFeeling kind="catalogue" itemId={7} />, { tokens: 99 });
    // Once the level is known (the dashboard read), still nothing.
    await vi.waitFor(() => {
      const dashboard = client
        .getQueryCache()
        .findAll({ predicate: (q) => String(q.queryKey[0]).includes('/dashboard') });
      expect(dashboard[0]?.state.status).toBe('success');
    });
    expect(screen.queryByTestId('feeling-after')).toBeNull();
  });

  it('saves one tap at once, for the same practice before and after', async () => {
    renderAsMember(
      <>
        <BeforeFeeling kind="template" itemId={3} />
        <AfterFeeling kind="template" itemId={3} />
      </>,
      { tokens: 100 },
    );
    fireEvent.click((await screen.findAllByRole('button', { name: 'tense' }))[0]!);
    fireEvent.click(screen.getAllByRole('button', { name: 'calm' })[1]!);
    await vi.waitFor(() => expect(sent.calls).toHaveLength(2));
    type Call = [string, string, Record<string, unknown>, unknown];
    const [before, after] = sent.calls as [Call, Call];
    expect(before[0]).toBe('feeling');
    expect(before[2]).toMatchObject({ phase: 'before', emotion: 'tense', kind: 'template', itemId: 3 });
    expect(after[2]).toMatchObject({ phase: 'after', emotion: 'calm' });
    expect(before[1]).toBe(after[1]);
    expect(before[1]).toMatch(/^\/api\/emotions\/[0-9a-f-]{36}$/);
    expect(before[3]).toEqual({ stamp: true, method: 'PUT' });
    expect(await nonEmptyText(screen.findByTestId('feeling-after-status'))).toBe(
      'Noted: calm. Tap another to change it.',
    );
    expect(screen.getAllByRole('button', { name: 'calm' })[1]!.getAttribute('aria-pressed')).toBe('true');
  });

  it('says a tap made offline is kept on the device, and goes away in one tap when not wanted', async () => {
    sent.queued = true;
    renderAsMember(<AfterFeeling kind="catalogue" itemId={8} />, { tokens: 100 });
    fireEvent.click(await screen.findByRole('button', { name: 'joyful' }));
    expect(await nonEmptyText(screen.findByTestId('feeling-after-status'))).toContain(
      'Noted on this device: joyful',
    );
    cleanup();
    renderAsMember(<AfterFeeling kind="catalogue" itemId={9} />, { tokens: 100 });
    fireEvent.click(await screen.findByRole('button', { name: 'not now' }));
    expect(screen.queryByTestId('feeling-after')).toBeNull();
  });
});
