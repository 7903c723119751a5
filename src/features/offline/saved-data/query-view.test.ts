import { describe, expect, it } from 'vitest';
import { oldestSavedAt, savedNoteText, viewOf, type QueryLike } from './query-view';

const PAGE = Date.parse('2026-11-26T12:00:00Z');
const online = { online: true, restoring: false, pageStartedAt: PAGE };
const offline = { ...online, online: false };
const q = (over: Partial<QueryLike<string[]>>): QueryLike<string[]> => ({
  data: undefined,
  isPending: false,
  isError: false,
  error: null,
  fetchStatus: 'idle',
  dataUpdatedAt: 0,
  ...over,
});

describe('what a data block shows', () => {
  it('shows fresh data without a note', () => {
    expect(viewOf(q({ data: ['a'], dataUpdatedAt: PAGE + 5 }), online)).toEqual({
      kind: 'data',
      data: ['a'],
      savedAt: null,
    });
  });

  it('shows saved data with its time when offline or when the refresh failed, never an error', () => {
    const saved = PAGE - 3_600_000;
    expect(viewOf(q({ data: ['a'], dataUpdatedAt: saved }), offline)).toMatchObject({ savedAt: saved });
    expect(
      viewOf(
        q({ data: ['a'], dataUpdatedAt: saved, isError: true, error: new TypeError('Failed to fetch') }),
        online,
      ),
    ).toMatchObject({ kind: 'data', savedAt: saved });
  });

  it('shows restored data without a note while it is being refreshed online', () => {
    const restored = q({ data: ['a'], dataUpdatedAt: PAGE - 1000, fetchStatus: 'fetching' });
    expect(viewOf(restored, online)).toMatchObject({ kind: 'data', savedAt: null });
    expect(viewOf({ ...restored, fetchStatus: 'idle' }, online)).toMatchObject({ savedAt: PAGE - 1000 });
  });

  it('says it needs a connection when nothing was saved and the network cannot be reached', () => {
    const failed = q({ isPending: true, isError: true, error: new TypeError('Failed to fetch') });
    expect(viewOf(failed, online).kind).toBe('needs-connection');
    expect(viewOf(q({ isError: true, error: new Error('offline?') }), offline).kind).toBe('needs-connection');
    expect(viewOf(q({ isPending: true, fetchStatus: 'paused' }), online).kind).toBe('needs-connection');
  });

  it('waits (loading) while the saved answers are still being read back', () => {
    const failed = q({ isError: true, error: new TypeError('Failed to fetch') });
    expect(viewOf(failed, { ...offline, restoring: true }).kind).toBe('loading');
  });

  it('keeps a server error an error (it is not about the connection)', () => {
    expect(viewOf(q({ isError: true, error: new Error('500: boom') }), online).kind).toBe('error');
    expect(viewOf(q({ isPending: true, fetchStatus: 'fetching' }), online).kind).toBe('loading');
  });

  it('takes the oldest saved time of several blocks', () => {
    expect(
      oldestSavedAt([
        { kind: 'data', data: 1, savedAt: 20 },
        { kind: 'data', data: 1, savedAt: 10 },
        { kind: 'data', data: 1, savedAt: null },
        { kind: 'loading' },
      ]),
    ).toBe(10);
  });
});

describe('the saved note', () => {
  const at = (iso: string) => new Date(iso).getTime();
  it('says the time today, "yesterday", then the date (the year only when it is not this one)', () => {
    const now = at('2026-11-26T18:30:00');
    expect(savedNoteText(at('2026-11-26T14:02:00'), now)).toBe('Saved 14:02');
    expect(savedNoteText(at('2026-11-26T09:05:00'), now)).toBe('Saved 09:05');
    expect(savedNoteText(at('2026-11-25T23:59:00'), now)).toBe('Saved yesterday');
    expect(savedNoteText(at('2026-11-03T10:00:00'), now)).toBe('Saved 3 Nov');
    expect(savedNoteText(at('2025-12-31T10:00:00'), now)).toBe('Saved 31 Dec 2025');
  });
});
