import type { PracticeEntry } from '../practice/ledger';
import type { FeelingRow } from './feelings-repository';

/**
 * Which practice on the ledger a run's feelings belong to (docs/features/check-in-and-emotions.md,
 * "The link to practice"). The app cannot know the ledger entry when it asks: the catalogue
 * player asks "how do you feel now?" before "i feel complete" is sent, and offline both writes
 * wait in the outbox. So the link is made when read: a run belongs to the ledger entry of the
 * same kind and item practised nearest to its answer (the after answer, else the before one),
 * within LINK_WINDOW_MS, each entry to at most one run and each run to at most one entry,
 * nearest pairs first. A run whose practice never reached the ledger (the player closed without
 * completing, a refused completion) links to nothing and is left out of every comparison.
 */
export const LINK_WINDOW_MS = 3 * 60 * 60 * 1000;

/** The instant a run is matched by. */
function anchorOf(row: FeelingRow): number {
  return Date.parse(row.after_at ?? row.before_at ?? '');
}

export function linkPractice(
  rows: readonly FeelingRow[],
  entries: readonly PracticeEntry[],
): Map<number, PracticeEntry> {
  const candidates: { row: number; entry: PracticeEntry; gap: number }[] = [];
  for (const row of rows) {
    const at = anchorOf(row);
    if (!Number.isFinite(at)) continue;
    for (const entry of entries) {
      if (entry.kind !== row.kind || entry.itemId !== Number(row.item_id)) continue;
      const gap = Math.abs(Date.parse(entry.practisedAt) - at);
      if (gap <= LINK_WINDOW_MS) candidates.push({ row: Number(row.id), entry, gap });
    }
  }
  // Nearest first; equal gaps by ids, so the answer never depends on the order rows were read.
  candidates.sort((a, b) => a.gap - b.gap || a.row - b.row || a.entry.id - b.entry.id);
  const links = new Map<number, PracticeEntry>();
  const used = new Set<number>();
  for (const c of candidates) {
    if (links.has(c.row) || used.has(c.entry.id)) continue;
    links.set(c.row, c.entry);
    used.add(c.entry.id);
  }
  return links;
}
