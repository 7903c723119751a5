import type { SqlExecutor } from '../../db/sql';
import { awardBadges, type AwardedBadge } from '../achievements/award';
import { recordingOverlaps, recordRecording } from '../practice/recordings';

export interface VoiceAnalysisInput {
  recordedAt: string;
  localDate: string;
  durationSec: number;
  score: number;
  clarity: number;
  stability: number;
  resonance: number;
  projection: number;
  pitchMedianHz: number | null;
  pitchRangeSemitones: number | null;
  engineVersion: string | null;
  extra: Record<string, number>;
}

interface Row {
  id: number;
  recorded_at: string;
  local_date: string;
  duration_sec: number;
  score: number;
  clarity: number;
  stability: number;
  resonance: number;
  projection: number;
  pitch_median_hz: number | null;
  pitch_range_semitones: number | null;
  engine_version: string | null;
  extra_json: string;
}

export interface VoiceAnalysisOut {
  id: number;
  recordedAt: string;
  localDate: string;
  durationSec: number;
  score: number;
  clarity: number;
  stability: number;
  resonance: number;
  projection: number;
  pitchMedianHz: number | null;
  pitchRangeSemitones: number | null;
  engineVersion: string | null;
  measures: Record<string, number>;
}

export function presentAnalysis(r: Row): VoiceAnalysisOut {
  return {
    id: r.id,
    recordedAt: r.recorded_at,
    localDate: r.local_date,
    durationSec: r.duration_sec,
    score: r.score,
    clarity: r.clarity,
    stability: r.stability,
    resonance: r.resonance,
    projection: r.projection,
    pitchMedianHz: r.pitch_median_hz,
    pitchRangeSemitones: r.pitch_range_semitones,
    engineVersion: r.engine_version,
    measures: JSON.parse(r.extra_json) as Record<string, number>,
  };
}

/** The member's voice history: numeric summaries only, never audio. */
export function createVoiceRepository(sql: SqlExecutor) {
  return {
    /**
     * Stores analyses (one, or a browser's history on opting in) in one transaction with their
     * badges. A recording already stored (same recordedAt: a unique key) is not stored twice.
     * Nothing is stored (null) unless the member chose to keep their voice history: the choice
     * is read in the same transaction, so a store racing a "turn off" cannot slip in after it.
     */
    add(
      userId: string,
      items: readonly VoiceAnalysisInput[],
      now: Date,
    ): Promise<{ analyses: VoiceAnalysisOut[]; created: number; newBadges: AwardedBadge[] } | null> {
      return sql.transaction(async (tx) => {
        const choice = await tx.get<{ keep: number }>(
          `SELECT keep FROM voice_history_choices WHERE user_id = ?${tx.dialect === 'postgres' ? ' FOR SHARE' : ''}`,
          [userId],
        );
        if (Number(choice?.keep) !== 1) return null;
        let created = 0;
        const analyses: VoiceAnalysisOut[] = [];
        for (const a of items) {
          created += (
            await tx.run(
              `INSERT INTO voice_analyses (user_id, recorded_at, local_date, duration_sec, score, clarity,
                stability, resonance, projection, pitch_median_hz, pitch_range_semitones, engine_version,
                extra_json, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
              [
                userId,
                a.recordedAt,
                a.localDate,
                a.durationSec,
                a.score,
                a.clarity,
                a.stability,
                a.resonance,
                a.projection,
                a.pitchMedianHz,
                a.pitchRangeSemitones,
                a.engineVersion,
                JSON.stringify(a.extra),
                now.toISOString(),
              ],
            )
          ).changes;
          // The recording is practice whatever is kept (issue 30): its ledger entry, once per
          // instant, also when the tuning room sent the fact on its own already.
          // An overlapping one (another instant within its length) is counted already.
          if (!(await recordingOverlaps(tx, userId, a.recordedAt, Math.round(a.durationSec))))
            await recordRecording(tx, userId, a.recordedAt, a.localDate, a.durationSec);
          const row = await tx.get<Row>(
            'SELECT * FROM voice_analyses WHERE user_id = ? AND recorded_at = ?',
            [userId, a.recordedAt],
          );
          analyses.push(presentAnalysis(row!));
        }
        const newBadges = created > 0 ? await awardBadges(tx, userId, 'voice-analysis', now) : [];
        return { analyses, created, newBadges };
      });
    },
    accountCreatedAt: async (userId: string) =>
      (await sql.get<{ created_at: string }>('SELECT created_at FROM users WHERE id = ?', [userId]))
        ?.created_at,
    list: async (userId: string, from: string, to: string) =>
      (
        await sql.all<Row>(
          `SELECT * FROM voice_analyses WHERE user_id = ? AND recorded_at >= ? AND recorded_at <= ?
           ORDER BY recorded_at DESC, id DESC`,
          [userId, from, to],
        )
      ).map(presentAnalysis),
    remove: async (userId: string, id: number) =>
      (await sql.run('DELETE FROM voice_analyses WHERE user_id = ? AND id = ?', [userId, id])).changes === 1,
    removeAll: async (userId: string) =>
      (await sql.run('DELETE FROM voice_analyses WHERE user_id = ?', [userId])).changes,
    async choice(userId: string): Promise<{ keep: boolean; chosenAt: string | null }> {
      const row = await sql.get<{ keep: number; chosen_at: string }>(
        'SELECT keep, chosen_at FROM voice_history_choices WHERE user_id = ?',
        [userId],
      );
      return { keep: row?.keep === 1, chosenAt: row?.chosen_at ?? null };
    },
    async choose(userId: string, keep: boolean, at: string): Promise<void> {
      await sql.run(
        `INSERT INTO voice_history_choices (user_id, keep, chosen_at) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET keep = excluded.keep, chosen_at = excluded.chosen_at`,
        [userId, keep ? 1 : 0, at],
      );
    },
  };
}
