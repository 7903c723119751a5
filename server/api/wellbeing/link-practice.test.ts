import { describe, expect, it } from 'vitest';
import type { PracticeEntry } from '../practice/ledger';
import type { FeelingRow } from './feelings-repository';
import { linkPractice, LINK_WINDOW_MS } from './link-practice';

const T0 = Date.parse('2026-12-07T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

const row = (
  id: number,
  itemId: number,
  afterMs: number | null,
  beforeMs: number | null = null,
): FeelingRow => ({
  id,
  run_key: `k${id}`,
  kind: 'catalogue',
  item_id: itemId,
  before_emotion: beforeMs === null ? null : 'tense',
  before_at: beforeMs === null ? null : iso(beforeMs),
  after_emotion: afterMs === null ? null : 'calm',
  after_at: afterMs === null ? null : iso(afterMs),
  local_date: '2026-12-07',
});
const entry = (
  id: number,
  itemId: number,
  atMs: number,
  kind: PracticeEntry['kind'] = 'catalogue',
): PracticeEntry => ({
  id,
  kind,
  itemId,
  title: `session ${itemId}`,
  categories: [],
  practisedAt: iso(atMs),
  localDate: '2026-12-07',
  plannedSec: 300,
  practisedSec: 300,
  counted: true,
  earned: 10,
});

describe('linking feelings to practice', () => {
  it('links a run to the practice of its item nearest to its after answer, the before one without it', () => {
    const links = linkPractice(
      [row(1, 7, T0), row(2, 7, null, T0 + 2 * 3_600_000)],
      [entry(10, 7, T0 + 30_000), entry(11, 7, T0 + 2 * 3_600_000 + 600_000), entry(12, 8, T0)],
    );
    expect(links.get(1)?.id).toBe(10);
    expect(links.get(2)?.id).toBe(11);
  });

  it('gives each practice to one run at most, nearest pairs first', () => {
    const links = linkPractice([row(1, 7, T0), row(2, 7, T0 + 60_000)], [entry(10, 7, T0 + 50_000)]);
    expect(links.get(2)?.id).toBe(10);
    expect(links.has(1)).toBe(false);
  });

  it('links nothing of another kind, another item or outside the window', () => {
    const links = linkPractice(
      [row(1, 7, T0)],
      [entry(10, 7, T0, 'template'), entry(11, 9, T0), entry(12, 7, T0 + LINK_WINDOW_MS + 1)],
    );
    expect(links.size).toBe(0);
  });
});
