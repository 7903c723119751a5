import { beforeEach, describe, expect, it, vi } from 'vitest';

const tableRead = vi.fn();
const apiJson = vi.fn();
const retried = vi.fn();
vi.mock('../../lib/supabase', async (importOriginal) => ({
  retryTableReads: (await importOriginal<typeof import('../../lib/supabase')>()).retryTableReads,
  supabase: () => ({
    from: () => ({
      select: () => ({
        retry: (enabled: boolean) => {
          retried(enabled);
          return { order: () => tableRead() };
        },
      }),
    }),
  }),
}));
vi.mock('../../lib/api', () => ({ apiJson: (...args: unknown[]) => apiJson(...args) }));

const { fetchDiscoverSessions } = await import('./session-api');

const row = (id: number) => ({ id, title: `session ${id}`, length_sec: 60 });

describe('fetchDiscoverSessions', () => {
  beforeEach(() => {
    tableRead.mockReset();
    apiJson.mockReset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('uses the sessions table when it has rows', async () => {
    tableRead.mockResolvedValue({ data: [row(2), row(1)], error: null });
    expect((await fetchDiscoverSessions()).map((s) => s.id)).toEqual([2, 1]);
    expect(apiJson).not.toHaveBeenCalled();
  });

  it('falls back to /api/voice-sessions, newest first, when the table is empty', async () => {
    tableRead.mockResolvedValue({ data: [], error: null });
    apiJson.mockResolvedValue([row(1), row(3)]);
    expect((await fetchDiscoverSessions()).map((s) => s.id)).toEqual([3, 1]);
    expect(apiJson).toHaveBeenCalledWith('GET', '/api/voice-sessions');
  });

  it('falls back to /api/voice-sessions when the table read fails', async () => {
    tableRead.mockResolvedValue({ data: null, error: { message: 'down' } });
    apiJson.mockResolvedValue([row(5)]);
    expect((await fetchDiscoverSessions()).map((s) => s.id)).toEqual([5]);
  });

  it('reads the table without postgrest-js retries while the browser is offline', async () => {
    tableRead.mockResolvedValue({ data: [row(1)], error: null });
    vi.stubGlobal('navigator', { onLine: false });
    try {
      await fetchDiscoverSessions();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(retried).toHaveBeenLastCalledWith(false);
    await fetchDiscoverSessions();
    expect(retried).toHaveBeenLastCalledWith(true);
  });

  it('fails only when both sources fail', async () => {
    tableRead.mockRejectedValue(new Error('offline'));
    apiJson.mockRejectedValue(new Error('503: unavailable'));
    await expect(fetchDiscoverSessions()).rejects.toThrow('503');
  });
});
