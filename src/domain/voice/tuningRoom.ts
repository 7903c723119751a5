// Tuning-room rules (spec section 9): session summary, trend, progress list, and the catalogue
// of exercises the coaching tips offer (which ones: the feedback table, ./feedback.ts).
// Issue 31 changed the spec's "average score" and mean-based trend: a summary shows the typical
// recording (the middle one, ./typical.ts), a score some recording really had.
import { typicalOf } from './typical';

export type Area = 'clarity' | 'stability' | 'resonance' | 'projection';
export const AREAS: readonly Area[] = ['clarity', 'stability', 'resonance', 'projection'];

/** One analysed session; every value is a percentage 0..100. */
export interface SessionResult {
  overall: number;
  clarity: number;
  stability: number;
  resonance: number;
  projection: number;
}

export interface SessionSummary {
  totalSessions: number;
  /** The middle recording's overall score (the lower middle for an even count). */
  typicalScore: number;
  improvementTrend: number;
  strongestArea: Area;
  focusArea: Area;
}

export interface Recommendation {
  title: string;
  description: string;
  /** Minutes. */
  duration: number;
  category: string;
  icon: string;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
}

/**
 * The typical (middle) overall of the last 10 sessions minus that of the 10 before them; 0
 * below 20 sessions. Both ends are scores real recordings had.
 */
export function improvementTrend(sessions: SessionResult[]): number {
  if (sessions.length < 20) return 0;
  const last = sessions.slice(-10).map((s) => s.overall);
  const before = sessions.slice(-20, -10).map((s) => s.overall);
  return (typicalOf(last) ?? 0) - (typicalOf(before) ?? 0);
}

/** Sessions are in chronological order (oldest first). */
export function sessionSummary(sessions: SessionResult[]): SessionSummary {
  if (sessions.length === 0) {
    return {
      totalSessions: 0,
      typicalScore: 0,
      improvementTrend: 0,
      strongestArea: 'clarity',
      focusArea: 'stability',
    };
  }
  const averages = AREAS.map((area) => ({ area, value: typicalOf(sessions.map((s) => s[area])) ?? 0 }));
  const sorted = [...averages].sort((a, b) => b.value - a.value);
  return {
    totalSessions: sessions.length,
    typicalScore: typicalOf(sessions.map((s) => s.overall)) ?? 0,
    improvementTrend: improvementTrend(sessions),
    strongestArea: sorted[0]?.area ?? 'clarity',
    focusArea: sorted[sorted.length - 1]?.area ?? 'stability',
  };
}

/** The progress list: the last 3 sessions, newest first. */
export function recentProgress<T>(sessions: T[]): T[] {
  return sessions.slice(-3).reverse();
}

/** The coaching tips' exercises, titles and figures as the spec gives them. */
export const EXERCISES = {
  articulation: {
    title: 'Articulation Enhancement',
    description: 'Playful tongue and lip exercises that help every word land clearly.',
    duration: 8,
    category: 'clarity',
    icon: 'message-circle',
    difficulty: 'beginner',
  },
  breath: {
    title: 'Breath Foundation Training',
    description: 'Slow, grounding breathwork that gives your voice a steady base.',
    duration: 12,
    category: 'breathing',
    icon: 'wind',
    difficulty: 'beginner',
  },
  confidence: {
    title: 'Voice Confidence Builder',
    description: 'Speak and sound with intention, building on the strengths you already have.',
    duration: 10,
    category: 'confidence',
    icon: 'sparkles',
    difficulty: 'advanced',
  },
  range: {
    title: 'Expressive Range Expansion',
    description: 'Gentle glides and melodies that open up more of your natural range.',
    duration: 15,
    category: 'range',
    icon: 'music',
    difficulty: 'intermediate',
  },
  recovery: {
    title: 'Gentle Voice Recovery',
    description: 'A soothing cool-down with humming and soft sighs to rest your voice.',
    duration: 6,
    category: 'wellness',
    icon: 'heart',
    difficulty: 'beginner',
  },
} as const satisfies Record<string, Recommendation>;
