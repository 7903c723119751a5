import { describe, expect, it, vi } from 'vitest';
import {
  backoffMs,
  createOutbox,
  MAX_ITEM_AGE_MS,
  type OutboxDeps,
  type OutboxItem,
  type SendOutcome,
} from './outbox';
import { memoryOutboxStore } from './memory-store';

function setup(overrides: Partial<OutboxDeps> = {}) {
  let clock = 1_000_000;
  const store = memoryOutboxStore();
  const sent: string[] = [];
  const answers = new Map<string, SendOutcome[]>();
  const deps: OutboxDeps = {
    store,
    now: () => clock,
    currentUserId: () => Promise.resolve('ana'),
    withLock: async (fn) => {
      await fn();
      return true;
    },
    send: (item: OutboxItem) => {
      sent.push(item.key);
      return Promise.resolve(answers.get(item.key)?.shift() ?? { kind: 'done' });
    },
    onChange: vi.fn(),
    ...overrides,
  };
  const outbox = createOutbox(deps);
  const add = (key: string, userId = 'ana') =>
    outbox.enqueue({
      key,
      userId,
      method: 'POST',
      url: '/api/session-completions',
      body: { sessionId: 1 },
      occurredAt: new Date(clock).toISOString(),
      kind: 'completion',
    });
  return {
    outbox,
    store,
    sent,
    deps,
    add,
    answer: (key: string, ...outcomes: SendOutcome[]) => answers.set(key, outcomes),
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

describe('outbox', () => {
  it('sends in the order the writes were made, each once, and empties', async () => {
    const t = setup();
    await t.add('k1');
    t.tick(1);
    await t.add('k2');
    t.tick(1);
    await t.add('k3');
    const result = await t.outbox.flush();
    expect(t.sent).toEqual(['k1', 'k2', 'k3']);
    expect(result).toMatchObject({ sent: 3, waiting: 0, nextAttemptAt: null });
    expect(t.store.items.size).toBe(0);
    await t.outbox.flush();
    expect(t.sent).toHaveLength(3);
  });

  it('keeps a write on a network failure or 5xx, backs off, and holds the later ones behind it', async () => {
    const t = setup();
    await t.add('k1');
    t.tick(1);
    await t.add('k2');
    t.answer('k1', { kind: 'retry' }, { kind: 'retry' });
    const first = await t.outbox.flush();
    expect(t.sent).toEqual(['k1']);
    expect(first).toMatchObject({ sent: 0, waiting: 2, nextAttemptAt: 1_000_001 + backoffMs(1) });
    // Not due yet: nothing is sent.
    await t.outbox.flush();
    expect(t.sent).toEqual(['k1']);
    t.tick(backoffMs(1));
    const second = await t.outbox.flush();
    expect(second.nextAttemptAt).toBe(1_000_001 + backoffMs(1) + backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    t.tick(backoffMs(2));
    expect(await t.outbox.flush()).toMatchObject({ sent: 2, waiting: 0 });
    expect(t.sent).toEqual(['k1', 'k1', 'k1', 'k2']);
  });

  it("waits at least a 429's Retry-After", async () => {
    const t = setup();
    await t.add('k1');
    t.answer('k1', { kind: 'retry', retryAfterMs: 120_000 });
    expect((await t.outbox.flush()).nextAttemptAt).toBe(1_000_000 + 120_000);
  });

  it('drops a write the server refused (4xx) and reports it', async () => {
    const t = setup();
    await t.add('k1');
    t.tick(1);
    await t.add('k2');
    t.answer('k1', { kind: 'refused', status: 400, message: 'Invalid occurredAt' });
    const result = await t.outbox.flush();
    expect(result.sent).toBe(1);
    expect(result.refused.map((i) => i.key)).toEqual(['k1']);
    expect(t.store.items.size).toBe(0);
    expect(t.deps.onChange).toHaveBeenLastCalledWith({
      sent: 1,
      refused: [expect.objectContaining({ key: 'k1' })],
    });
  });

  it("sends only the signed-in member's writes", async () => {
    const t = setup();
    await t.add('mine');
    await t.add('theirs', 'ben');
    await t.outbox.flush();
    expect(t.sent).toEqual(['mine']);
    expect([...t.store.items.keys()]).toEqual(['theirs']);
    const nobody = setup({ currentUserId: () => Promise.resolve(null) });
    await nobody.add('k1');
    await nobody.outbox.flush();
    expect(nobody.sent).toEqual([]);
  });

  it('sends nothing while another tab holds the flush lock', async () => {
    const t = setup({ withLock: () => Promise.resolve(false) });
    await t.add('k1');
    expect(await t.outbox.flush()).toMatchObject({ sent: 0 });
    expect(t.sent).toEqual([]);
    expect(t.store.items.size).toBe(1);
  });

  it('shares one pass between flushes started together in a tab', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const sent: string[] = [];
    const t = setup({
      send: async (item) => {
        sent.push(item.key);
        await gate;
        return { kind: 'done' };
      },
    });
    await t.add('k1');
    const a = t.outbox.flush();
    const b = t.outbox.flush();
    release();
    await Promise.all([a, b]);
    expect(sent).toEqual(['k1']);
  });

  it('treats a send that throws as a network failure', async () => {
    const t = setup({ send: () => Promise.reject(new TypeError('Failed to fetch')) });
    await t.add('k1');
    expect((await t.outbox.flush()).waiting).toBe(1);
    expect(t.store.items.get('k1')?.attempts).toBe(1);
  });

  it("drops anyone's items older than 8 days without sending them", async () => {
    const t = setup();
    await t.add('old-mine');
    await t.add('old-theirs', 'ben');
    t.tick(MAX_ITEM_AGE_MS + 1);
    await t.add('new');
    await t.outbox.flush();
    expect(t.sent).toEqual(['new']);
    expect(t.store.items.size).toBe(0);
  });

  describe('what the member can do with a waiting item', () => {
    it('notes why a try failed and how many tries there were', async () => {
      const t = setup();
      await t.add('k1');
      t.answer('k1', { kind: 'retry', message: 'Could not reach Tuneful' }, { kind: 'retry' });
      await t.outbox.flush();
      expect(await t.outbox.pending('ana')).toMatchObject([
        { key: 'k1', attempts: 1, lastError: 'Could not reach Tuneful' },
      ]);
      t.tick(backoffMs(1));
      await t.outbox.flush();
      expect(await t.outbox.pending('ana')).toMatchObject([
        { attempts: 2, lastError: 'Could not reach Tuneful' },
      ]);
      // The list re-reads on these: a failed pass reports a change without a send.
      expect(t.deps.onChange).toHaveBeenLastCalledWith({ sent: 0, refused: [], kept: true });
    });

    it('sends one item now, out of turn and before its back-off ends, once', async () => {
      const t = setup();
      await t.add('k1');
      t.tick(1);
      await t.add('k2');
      t.answer('k1', { kind: 'retry', retryAfterMs: 60_000, message: 'Tuneful asked to wait a little' });
      await t.outbox.flush();
      expect(t.sent).toEqual(['k1']);
      expect(await t.outbox.sendNow('k2')).toEqual({ kind: 'sent' });
      expect(t.sent).toEqual(['k1', 'k2']);
      expect((await t.outbox.pending('ana')).map((i) => i.key)).toEqual(['k1']);
      expect(t.deps.onChange).toHaveBeenLastCalledWith({ sent: 1, refused: [] });
      expect(await t.outbox.sendNow('k2')).toEqual({ kind: 'gone' });
      expect(t.sent).toEqual(['k1', 'k2']);
    });

    it('says why a send now did not go through and keeps the item, or drops a refused one', async () => {
      const t = setup();
      await t.add('k1');
      await t.add('k2');
      t.answer('k1', { kind: 'retry', message: 'Could not reach Tuneful' });
      t.answer('k2', { kind: 'refused', status: 422, message: 'Too long' });
      expect(await t.outbox.sendNow('k1')).toEqual({ kind: 'waiting', message: 'Could not reach Tuneful' });
      expect(await t.outbox.pending('ana')).toMatchObject([{ key: 'k1', attempts: 1 }, { key: 'k2' }]);
      expect(await t.outbox.sendNow('k2')).toEqual({ kind: 'refused', message: 'Too long' });
      expect((await t.outbox.pending('ana')).map((i) => i.key)).toEqual(['k1']);
    });

    it("never sends another member's item, and waits while another tab holds the lock", async () => {
      const t = setup();
      await t.add('ben-1', 'ben');
      expect(await t.outbox.sendNow('ben-1')).toEqual({ kind: 'gone' });
      expect(t.sent).toEqual([]);
      const busy = setup({ withLock: () => Promise.resolve(false) });
      await busy.add('k1');
      expect(await busy.outbox.sendNow('k1')).toEqual({ kind: 'busy' });
      expect(busy.sent).toEqual([]);
    });

    it('discards an item unsent and tells the listeners', async () => {
      const t = setup();
      await t.add('k1');
      await t.add('k2');
      await t.outbox.discard('k1');
      expect((await t.outbox.pending('ana')).map((i) => i.key)).toEqual(['k2']);
      expect(t.deps.onChange).toHaveBeenLastCalledWith({ sent: 0, refused: [], kept: true });
      await t.outbox.flush();
      expect(t.sent).toEqual(['k2']);
    });
  });
});
