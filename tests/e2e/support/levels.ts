import path from 'node:path';
import Database from 'better-sqlite3';
import { TIERS } from '../../../src/domain/tiers';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Past practice for a browser test that needs a member at a level: the server's clock cannot be
 * moved, and reaching level 10 through the real API would take hundreds of sessions, so guided
 * exercises (40 tokens each, as a professional-level session earns) are written on the practice
 * ledger on earlier days, one a day, as the server would have written them then. Every screen
 * then reads the same tokens from the ledger; nothing in the product is bypassed.
 */
export function givePastPractice(userId: string, tokens: number): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  const db = new Database(path.join(dir, 'app.db'));
  db.pragma('busy_timeout = 5000');
  try {
    const insert = db.prepare(`INSERT INTO practice_ledger (user_id, kind, item_id, title, categories,
        practised_at, local_date, planned_sec, practised_sec, counted, earned, source_id)
      VALUES (?, 'template', 0, 'Earlier practice', '["find"]', ?, ?, 600, 600, 1, ?, NULL)`);
    const rows = Math.ceil(tokens / 40);
    db.transaction(() => {
      for (let i = 0; i < rows; i++) {
        const at = Date.now() - (rows - i + 1) * DAY;
        insert.run(userId, new Date(at).toISOString(), isoDay(at), Math.min(40, tokens - i * 40));
      }
    })();
  } finally {
    db.close();
  }
}

/**
 * Past sessions on the given days before today (1 = yesterday, UTC days), 40 tokens each, as the
 * server would have written them then: for a test that needs a streak running into today (a
 * streak reward) as well as a level.
 */
export function givePracticeOnDays(userId: string, daysAgo: readonly number[]): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  const db = new Database(path.join(dir, 'app.db'));
  db.pragma('busy_timeout = 5000');
  try {
    const insert = db.prepare(`INSERT INTO practice_ledger (user_id, kind, item_id, title, categories,
        practised_at, local_date, planned_sec, practised_sec, counted, earned, source_id)
      VALUES (?, 'template', 0, 'Earlier practice', '["find"]', ?, ?, 600, 600, 1, 40, NULL)`);
    db.transaction(() => {
      for (const ago of daysAgo) {
        const at = Date.now() - ago * DAY;
        insert.run(userId, new Date(at).toISOString(), isoDay(at));
      }
    })();
  } finally {
    db.close();
  }
}

/** Past practice that puts a member with no tokens yet exactly at the start of `level` (1-10). */
export function reachLevel(userId: string, level: number): void {
  const need = TIERS[level - 1]?.requiredTokens;
  if (need === undefined) throw new Error(`no level ${level}`);
  if (need > 0) givePastPractice(userId, need);
}
