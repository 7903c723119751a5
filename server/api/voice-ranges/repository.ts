import type { SqlExecutor } from '../../db/sql';

export interface RangePoint {
  semitone: number;
  minDb: number;
  maxDb: number;
}

export interface RangeInput {
  recordedAt: string;
  lowestHz: number;
  highestHz: number;
  rangeSemitones: number;
  profile: RangePoint[];
  levels: 'spl' | 'relative';
  softestDb: number | null;
  engineVersion: string;
}

export interface RangeOut extends RangeInput {
  id: number;
}

interface Row {
  id: number;
  recorded_at: string;
  lowest_hz: number;
  highest_hz: number;
  range_semitones: number;
  profile: string;
  levels: 'spl' | 'relative';
  softest_db: number | null;
  engine_version: string;
}

const present = (r: Row): RangeOut => ({
  id: Number(r.id),
  recordedAt: r.recorded_at,
  lowestHz: r.lowest_hz,
  highestHz: r.highest_hz,
  rangeSemitones: r.range_semitones,
  profile: JSON.parse(r.profile) as RangePoint[],
  levels: r.levels,
  softestDb: r.softest_db,
  engineVersion: r.engine_version,
});

/** The member's saved range checks: numbers only, never audio. */
export function createRangeRepository(sql: SqlExecutor) {
  return {
    /**
     * Stores one range check; the same check (same recordedAt) sent again is kept once and the
     * stored row is answered, so a replay without its Idempotency-Key cannot double it either.
     */
    async add(userId: string, a: RangeInput, now: string): Promise<{ range: RangeOut; created: boolean }> {
      // The profile is kept as sent, points in the order and with the keys the schema allows.
      const profile = JSON.stringify(
        a.profile.map((p) => ({ semitone: p.semitone, minDb: p.minDb, maxDb: p.maxDb })),
      );
      const inserted = await sql.run(
        `INSERT INTO voice_ranges (user_id, recorded_at, lowest_hz, highest_hz, range_semitones, profile, levels,
          softest_db, engine_version, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, recorded_at) DO NOTHING`,
        [
          userId,
          a.recordedAt,
          a.lowestHz,
          a.highestHz,
          a.rangeSemitones,
          profile,
          a.levels,
          a.softestDb,
          a.engineVersion,
          now,
        ],
      );
      const row = await sql.get<Row>('SELECT * FROM voice_ranges WHERE user_id = ? AND recorded_at = ?', [
        userId,
        a.recordedAt,
      ]);
      return { range: present(row!), created: inserted.changes === 1 };
    },
    accountCreatedAt: async (userId: string) =>
      (await sql.get<{ created_at: string }>('SELECT created_at FROM users WHERE id = ?', [userId]))
        ?.created_at,
    /** Newest first (recordedAt is unique per member). */
    list: async (userId: string) =>
      (
        await sql.all<Row>(
          'SELECT * FROM voice_ranges WHERE user_id = ? ORDER BY recorded_at DESC, id DESC',
          [userId],
        )
      ).map(present),
    remove: async (userId: string, id: number) =>
      (await sql.run('DELETE FROM voice_ranges WHERE user_id = ? AND id = ?', [userId, id])).changes === 1,
  };
}
