import { beforeEach, describe, expect, it, vi } from 'vitest';

const tableRead = vi.fn();
const apiJson = vi.fn();
vi.mock('../../lib/supabase', () => ({
  supabase: () => ({ from: () => ({ select: () => ({ order: () => tableRead() }) }) }),
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

  it('fails only when both sources fail', async () => {
    tableRead.mockRejectedValue(new Error('offline'));
    apiJson.mockRejectedValue(new Error('503: unavailable'));
    await expect(fetchDiscoverSessions()).rejects.toThrow('503');
  });
});
