import type { MetricKey } from './metrics';
import { MASTER_CHALLENGES, type MasterChallengeId } from '../../../src/domain/challenges';

/** The badge rule of each master challenge (metrics.ts measures it). */
const MASTER_METRIC: Record<MasterChallengeId, MetricKey> = {
  'streak-30': 'masterStreak30',
  'hundred-in-hundred': 'masterHundredInHundred',
  'thousand-minutes': 'masterThousandMinutes',
  'every-focus-10': 'masterEveryFocus',
  'monthly-assessments': 'masterMonthlyAssessments',
};

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export const BADGE_CATEGORIES = ['first_steps', 'consistency', 'wellness', 'community', 'mastery'] as const;
export type BadgeCategory = (typeof BADGE_CATEGORIES)[number];
export const BADGE_TIERS = ['awakening', 'deepening', 'flowing', 'transcending', 'legendary'] as const;
export type BadgeTier = (typeof BADGE_TIERS)[number];

export interface Badge {
  id: string;
  name: string;
  description: string;
  category: BadgeCategory;
  tier: BadgeTier;
  iconName: string;
  /** Unlocked when the metric reaches the target. */
  metric: MetricKey;
  target: number;
  /** What unlocks it, shown on a locked badge. */
  unlocks: string;
}

const b = (
  id: string,
  name: string,
  description: string,
  category: BadgeCategory,
  tier: BadgeTier,
  iconName: string,
  metric: MetricKey,
  target: number,
  unlocks: string,
): Badge => ({ id, name, description, category, tier, iconName, metric, target, unlocks });

/**
 * The badge catalogue: every rule reads what the member really did. Ids are stable (they are
 * stored in user_achievements); add badges, never rename an id.
 */
export const BADGES: readonly Badge[] = [
  // first steps
  b(
    'first-session',
    'First Note',
    'You completed your first session.',
    'first_steps',
    'awakening',
    'sprout',
    'sessions',
    1,
    'Complete any session',
  ),
  b(
    'first-recording',
    'First Sound',
    'You recorded your voice in the tuning room.',
    'first_steps',
    'awakening',
    'mic',
    'analyses',
    1,
    'Record once in the tuning room',
  ),
  b(
    'first-reflection',
    'First Words',
    'You wrote your first reflection.',
    'first_steps',
    'awakening',
    'feather',
    'reflections',
    1,
    'Write a reflection after a session',
  ),
  b(
    'first-echo',
    'First Echo',
    'You echoed something you loved.',
    'first_steps',
    'awakening',
    'heart',
    'echoesGiven',
    1,
    'Echo a session, reflection or activity',
  ),
  b(
    'first-template',
    'Guided Steps',
    'You finished a guided exercise session.',
    'first_steps',
    'awakening',
    'steps',
    'templateSessions',
    1,
    'Finish a guided exercise session',
  ),
  // consistency
  b(
    'streak-3',
    'Three in a Row',
    'You practised 3 days in a row.',
    'consistency',
    'awakening',
    'flame',
    'longestStreak',
    3,
    'Practise 3 days in a row',
  ),
  b(
    'first-week-warrior',
    'First Week Warrior',
    'You practised 7 consecutive days.',
    'consistency',
    'deepening',
    'calendar',
    'longestStreak',
    7,
    'Practise 7 days in a row',
  ),
  b(
    'streak-legend',
    'Streak Legend',
    'You kept a 30-day streak.',
    'consistency',
    'legendary',
    'crown',
    'longestStreak',
    30,
    'Practise 30 days in a row',
  ),
  b(
    'sessions-10',
    'Ten Sessions',
    'You completed 10 sessions.',
    'consistency',
    'deepening',
    'stack',
    'sessions',
    10,
    'Complete 10 sessions',
  ),
  b(
    'sessions-50',
    'Fifty Sessions',
    'You completed 50 sessions.',
    'consistency',
    'transcending',
    'mountain',
    'sessions',
    50,
    'Complete 50 sessions',
  ),
  b(
    'practice-days-14',
    'Fortnight of Practice',
    'You practised on 14 different days.',
    'consistency',
    'flowing',
    'sun',
    'practiceDays',
    14,
    'Practise on 14 different days',
  ),
  // wellness
  b(
    'focus-find',
    'Finder',
    'You completed 3 find sessions.',
    'wellness',
    'awakening',
    'compass',
    'focusFind',
    3,
    'Complete 3 find sessions',
  ),
  b(
    'focus-free',
    'Free Spirit',
    'You completed 3 free sessions.',
    'wellness',
    'awakening',
    'wind',
    'focusFree',
    3,
    'Complete 3 free sessions',
  ),
  b(
    'focus-fine-tune',
    'Fine Tuner',
    'You completed 3 fine-tune sessions.',
    'wellness',
    'deepening',
    'tuning-fork',
    'focusFineTune',
    3,
    'Complete 3 fine-tune sessions',
  ),
  b(
    'focus-fun',
    'Playful Voice',
    'You completed 3 fun sessions.',
    'wellness',
    'awakening',
    'sparkle',
    'focusFun',
    3,
    'Complete 3 fun sessions',
  ),
  b(
    'all-focuses',
    'Four Directions',
    'You practised all four focuses: find, free, fine-tune and fun.',
    'wellness',
    'flowing',
    'star',
    'focusesTried',
    4,
    'Complete a session in each focus',
  ),
  b(
    'mood-7',
    'Mood Keeper',
    'You tracked your mood on 7 days.',
    'wellness',
    'deepening',
    'smile',
    'moodDays',
    7,
    'Track your mood on 7 days',
  ),
  b(
    'minutes-300',
    'Five Hours of Voice',
    'You practised 300 minutes in all.',
    'wellness',
    'flowing',
    'clock',
    'practiceMinutes',
    300,
    'Practise 300 minutes in all',
  ),
  // community
  b(
    'reflections-10',
    'Reflective Soul',
    'You wrote 10 reflections.',
    'community',
    'deepening',
    'book',
    'reflections',
    10,
    'Write 10 reflections',
  ),
  b(
    'first-shared',
    'Open Heart',
    'You shared your first reflection with the community.',
    'community',
    'awakening',
    'share',
    'sharedReflections',
    1,
    'Share a reflection in the community',
  ),
  b(
    'echoes-25',
    'Echo Chamber',
    'You gave 25 echoes.',
    'community',
    'flowing',
    'waves',
    'echoesGiven',
    25,
    'Give 25 echoes',
  ),
  b(
    'echoed-by-others',
    'Heard',
    'Others echoed your activity 5 times.',
    'community',
    'deepening',
    'ear',
    'echoesReceived',
    5,
    'Receive 5 echoes from other members',
  ),
  b(
    'circle-joined',
    'In the Circle',
    'You joined a voice circle.',
    'community',
    'awakening',
    'circle',
    'circlesJoined',
    1,
    'Join a voice circle',
  ),
  // mastery
  b(
    'quality-master',
    'Quality Master',
    'You scored 80+ in 5 recordings.',
    'mastery',
    'flowing',
    'trophy',
    'analysesScoring80',
    5,
    'Score 80 or more in 5 recordings',
  ),
  b(
    'octave-range',
    'Whole Octave',
    'You sang across a whole octave in one recording.',
    'mastery',
    'deepening',
    'scale',
    'widestRangeSemitones',
    12,
    'Cover 12 semitones in one recording',
  ),
  b(
    'two-octaves',
    'Two Octaves',
    'You sang across two octaves in one recording.',
    'mastery',
    'transcending',
    'scale',
    'widestRangeSemitones',
    24,
    'Cover 24 semitones in one recording',
  ),
  b(
    'score-90',
    'Crystal Tone',
    'You scored 90 or more in a recording.',
    'mastery',
    'transcending',
    'gem',
    'bestScore',
    90,
    'Score 90 or more in a recording',
  ),
  b(
    'voice-explorer',
    'Voice Explorer',
    'You explored 10 different sessions.',
    'mastery',
    'flowing',
    'map',
    'distinctSessions',
    10,
    'Complete 10 different sessions',
  ),
  b(
    'program-finished',
    'Program Graduate',
    'You finished a specialised program.',
    'mastery',
    'transcending',
    'graduate',
    'programsFinished',
    1,
    'Finish a specialised program',
  ),
  b(
    'recordings-30',
    'Tuning Devotee',
    'You recorded on 30 different days.',
    'mastery',
    'legendary',
    'infinity',
    'analysisDays',
    30,
    'Record in the tuning room on 30 days',
  ),
  // challenges (server/api/challenges/, docs/features/challenges.md)
  b(
    'challenge-met',
    'Challenge Met',
    'You met a challenge you took on.',
    'consistency',
    'flowing',
    'flag',
    'challengesMet',
    1,
    'Meet a challenge you set or joined',
  ),
  // Master challenges (level 10): each its own badge, met from the day level 10 was reached.
  ...MASTER_CHALLENGES.map((m) =>
    b(
      m.badgeId,
      m.badgeName,
      `You met the master challenge “${m.title}”: ${lowerFirst(m.description)}`,
      'mastery',
      'legendary',
      'crown',
      MASTER_METRIC[m.id],
      1,
      `Master challenge, from level 10: ${lowerFirst(m.description).replace(/\.$/, '')}`,
    ),
  ),
];

export const badgeById = new Map(BADGES.map((badge) => [badge.id, badge]));

/** The public shape (spec: id, name, description, category, tier, iconName) plus what unlocks it. */
export function presentBadge(badge: Badge) {
  return {
    id: badge.id,
    name: badge.name,
    description: badge.description,
    category: badge.category,
    tier: badge.tier,
    iconName: badge.iconName,
    unlocks: badge.unlocks,
    target: badge.target,
  };
}
