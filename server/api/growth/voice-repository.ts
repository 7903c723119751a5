import type { DB } from '../../db/open';
import { awardBadges, type AwardedBadge } from '../achievements/award';

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
export function createVoiceRepository(db: DB) {
  const s = {
    insert: db.prepare(`INSERT OR IGNORE INTO voice_analyses (user_id, recorded_at, local_date, duration_sec,
      score, clarity, stability, resonance, projection, pitch_median_hz, pitch_range_semitones,
      engine_version, extra_json, created_at)
      VALUES (@userId, @recordedAt, @localDate, @durationSec, @score, @clarity, @stability, @resonance,
      @projection, @pitchMedianHz, @pitchRangeSemitones, @engineVersion, @extraJson, @createdAt)`),
    byRecordedAt: db.prepare('SELECT * FROM voice_analyses WHERE user_id = ? AND recorded_at = ?'),
    list: db.prepare(`SELECT * FROM voice_analyses WHERE user_id = ? AND recorded_at >= ? AND recorded_at <= ?
      ORDER BY recorded_at DESC, id DESC`),
    remove: db.prepare('DELETE FROM voice_analyses WHERE user_id = ? AND id = ?'),
    removeAll: db.prepare('DELETE FROM voice_analyses WHERE user_id = ?'),
    choice: db.prepare('SELECT keep, chosen_at FROM voice_history_choices WHERE user_id = ?'),
    choose: db.prepare(`INSERT INTO voice_history_choices (user_id, keep, chosen_at) VALUES (?, ?, ?)
      ON CONFLICT (user_id) DO UPDATE SET keep = excluded.keep, chosen_at = excluded.chosen_at`),
  };

  return {
    /**
     * Stores analyses (one, or a browser's history on opting in) in one transaction with their
     * badges. A recording already stored (same recordedAt) is not stored twice.
     */
    add(
      userId: string,
      items: readonly VoiceAnalysisInput[],
      now: Date,
    ): { analyses: VoiceAnalysisOut[]; created: number; newBadges: AwardedBadge[] } {
      return db.transaction(() => {
        let created = 0;
        const analyses = items.map((a) => {
          created += s.insert.run({
            userId,
            ...a,
            extraJson: JSON.stringify(a.extra),
            createdAt: now.toISOString(),
          }).changes;
          return presentAnalysis(s.byRecordedAt.get(userId, a.recordedAt) as Row);
        });
        const newBadges = created > 0 ? awardBadges(db, userId, 'voice-analysis', now) : [];
        return { analyses, created, newBadges };
      })();
    },
    list: (userId: string, from: string, to: string) =>
      (s.list.all(userId, from, to) as Row[]).map(presentAnalysis),
    remove: (userId: string, id: number) => s.remove.run(userId, id).changes === 1,
    removeAll: (userId: string) => s.removeAll.run(userId).changes,
    choice(userId: string): { keep: boolean; chosenAt: string | null } {
      const row = s.choice.get(userId) as { keep: number; chosen_at: string } | undefined;
      return { keep: row?.keep === 1, chosenAt: row?.chosen_at ?? null };
    },
    choose(userId: string, keep: boolean, at: string) {
      s.choose.run(userId, keep ? 1 : 0, at);
    },
  };
}
