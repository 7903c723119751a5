import type { SqlExecutor } from '../../db/sql';

export interface AssessmentInput {
  recordedAt: string;
  avqi: number;
  cpps: number;
  hnr: number;
  shimmerPercent: number;
  shimmerDb: number;
  ltasSlope: number;
  ltasTilt: number;
  mptSeconds: number | null;
  jitterPercent: number | null;
  engineVersion: string;
}

export interface AssessmentOut extends AssessmentInput {
  id: number;
}

interface Row {
  id: number;
  recorded_at: string;
  avqi: number;
  cpps: number;
  hnr: number;
  shimmer_percent: number;
  shimmer_db: number;
  ltas_slope: number;
  ltas_tilt: number;
  mpt_seconds: number | null;
  jitter_percent: number | null;
  engine_version: string;
}

const present = (r: Row): AssessmentOut => ({
  id: Number(r.id),
  recordedAt: r.recorded_at,
  avqi: r.avqi,
  cpps: r.cpps,
  hnr: r.hnr,
  shimmerPercent: r.shimmer_percent,
  shimmerDb: r.shimmer_db,
  ltasSlope: r.ltas_slope,
  ltasTilt: r.ltas_tilt,
  mptSeconds: r.mpt_seconds,
  jitterPercent: r.jitter_percent,
  engineVersion: r.engine_version,
});

/** The member's saved voice assessments: numbers only, never audio. */
export function createAssessmentRepository(sql: SqlExecutor) {
  return {
    /**
     * Stores one assessment; the same check (same recordedAt) sent again is kept once and the
     * stored row is answered, so a replay without its Idempotency-Key cannot double it either.
     */
    async add(
      userId: string,
      a: AssessmentInput,
      now: string,
    ): Promise<{ assessment: AssessmentOut; created: boolean }> {
      const inserted = await sql.run(
        `INSERT INTO voice_assessments (user_id, recorded_at, avqi, cpps, hnr, shimmer_percent, shimmer_db,
          ltas_slope, ltas_tilt, mpt_seconds, jitter_percent, engine_version, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, recorded_at) DO NOTHING`,
        [
          userId,
          a.recordedAt,
          a.avqi,
          a.cpps,
          a.hnr,
          a.shimmerPercent,
          a.shimmerDb,
          a.ltasSlope,
          a.ltasTilt,
          a.mptSeconds,
          a.jitterPercent,
          a.engineVersion,
          now,
        ],
      );
      const row = await sql.get<Row>(
        'SELECT * FROM voice_assessments WHERE user_id = ? AND recorded_at = ?',
        [userId, a.recordedAt],
      );
      return { assessment: present(row!), created: inserted.changes === 1 };
    },
    accountCreatedAt: async (userId: string) =>
      (await sql.get<{ created_at: string }>('SELECT created_at FROM users WHERE id = ?', [userId]))
        ?.created_at,
    /** Newest first; the id breaks a tie of two checks at one instant (there is none: recordedAt is unique). */
    list: async (userId: string) =>
      (
        await sql.all<Row>(
          'SELECT * FROM voice_assessments WHERE user_id = ? ORDER BY recorded_at DESC, id DESC',
          [userId],
        )
      ).map(present),
    remove: async (userId: string, id: number) =>
      (await sql.run('DELETE FROM voice_assessments WHERE user_id = ? AND id = ?', [userId, id])).changes ===
      1,
  };
}
