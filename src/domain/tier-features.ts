import { TIERS, tierFor } from './tiers';

/**
 * The twenty tier features (spec community §9) as real features: what each one is, in one
 * sentence a member reads on its chip, and where it lives. The spec gives only the keys; the
 * definitions (docs/features.md, "Tier features") are ours, chosen from what members of the
 * apps they already use expect behind such a name.
 *
 * `href` is where the chip leads when the feature is unlocked. The server refuses a locked
 * feature's routes with 403 `feature_locked` (server/api/practice/feature-gate.ts), so the
 * level is enforced there too, not only by hiding a link.
 */
export type TierFeatureKey =
  | 'basic_sessions'
  | 'daily_check_in'
  | 'emotion_tracking'
  | 'voice_notes'
  | 'streak_rewards'
  | 'practice_reminders'
  | 'advanced_sessions'
  | 'vocal_exercises'
  | 'chorus_sharing'
  | 'technique_feedback'
  | 'garden_customization'
  | 'voice_range_tracking'
  | 'echoverse_access'
  | 'mentoring_others'
  | 'custom_challenges'
  | 'performance_mode'
  | 'session_creation'
  | 'community_leadership'
  | 'master_challenges'
  | 'teaching_certification';

export interface TierFeature {
  key: TierFeatureKey;
  /** The level (1-10) whose tier unlocks it: from the spec's tier table. */
  level: number;
  /** The chip's words. */
  title: string;
  /** One sentence: what it is, for the chip's locked state and the feature's own header. */
  summary: string;
  /** Where the chip leads once unlocked. */
  href: string;
  /**
   * Set on the features whose screens other pieces of work build (issue 30 named four: voice
   * range tracking, built since with issue 31, chorus sharing, performance mode, session creation): what the member
   * reads instead of a link until the feature exists. Never set on anything else
   * (`UNBUILT_ALLOWED`, tested): a chip must not be silenced to pass the chip walk.
   */
  notYet?: string;
}

/** The only features allowed a `notYet` note (see above). */
export const UNBUILT_ALLOWED: readonly TierFeatureKey[] = [
  'chorus_sharing',
  'performance_mode',
  'session_creation',
];

const DEFINITIONS: Record<TierFeatureKey, Omit<TierFeature, 'key' | 'level'>> = {
  basic_sessions: {
    title: 'guided sessions',
    summary: 'Every guided and instrumental session, by mood, focus and level.',
    href: '/discover',
  },
  daily_check_in: {
    title: 'daily check-in',
    summary: 'A few taps a day on how your voice and you feel, with a suggestion for today.',
    href: '/check-in',
  },
  emotion_tracking: {
    title: 'emotion tracking',
    summary: 'Note how you feel before and after practice, and see how practice moves it.',
    href: '/emotions',
  },
  voice_notes: {
    title: 'voice notes',
    summary: 'Short private voice memos, kept on this device unless you choose otherwise.',
    href: '/voice-notes',
  },
  streak_rewards: {
    title: 'streak rewards',
    summary: 'Bonus tone tokens when your streak reaches 3, 7, 14, 30, 60 and 100 days.',
    href: '/streak-rewards',
  },
  practice_reminders: {
    title: 'practice reminders',
    summary: 'Reminders on the days and at the time you choose: notification, e-mail or calendar.',
    href: '/reminders',
  },
  advanced_sessions: {
    title: 'advanced sessions',
    summary: 'Longer, more demanding guided exercises for a voice that has found its footing.',
    href: '/library?level=advanced',
  },
  vocal_exercises: {
    title: 'vocal exercises',
    summary: 'Scales, sirens, arpeggios and swells sung against a target and scored note by note.',
    href: '/vocal-exercises',
  },
  chorus_sharing: {
    title: 'chorus sharing',
    summary: 'Sing your part of a piece and share it to a chorus mixed from every voice.',
    href: '/community?tab=chorus',
    notYet: 'not in the app yet: it arrives with the chorus in community',
  },
  technique_feedback: {
    title: 'technique feedback',
    summary: 'After a take, how you started, held and ended each note, with one exercise for it.',
    href: '/technique',
  },
  garden_customization: {
    title: 'garden customisation',
    summary: 'Arrange your garden and choose its colours.',
    href: '/journey-progress#garden',
  },
  voice_range_tracking: {
    title: 'voice range tracking',
    summary: 'Find your lowest and highest notes and watch your range grow.',
    href: '/voice-range',
  },
  echoverse_access: {
    title: 'echoverse access',
    summary: 'A listening space of short voice notes members chose to share, to hear and echo.',
    href: '/echoverse',
  },
  mentoring_others: {
    title: 'mentoring others',
    summary: 'Offer to mentor a newer member, and cheer them on week by week.',
    href: '/mentoring',
  },
  custom_challenges: {
    title: 'custom challenges',
    summary: 'Set your own challenge (days, minutes or sessions by a date), alone or with a circle.',
    href: '/challenges',
  },
  performance_mode: {
    title: 'performance mode',
    summary: 'Sing a whole piece full screen, with a count-in, and hear your take back.',
    href: '/community?tab=chorus',
    notYet: 'not in the app yet: it arrives with the chorus in community',
  },
  session_creation: {
    title: 'session creation',
    summary: 'Record guided sessions in your own voice and publish them to your circles.',
    href: '/create',
    notYet: 'not in the app yet: it arrives with the session recorder',
  },
  community_leadership: {
    title: 'community leadership',
    summary: 'Lead circles: host live sessions, pin and hide reflections, name co-hosts.',
    href: '/leadership',
  },
  master_challenges: {
    title: 'master challenges',
    summary: 'The hardest challenges: long streaks, many hours, every focus.',
    href: '/challenges#master',
  },
  teaching_certification: {
    title: 'teaching certification',
    summary: 'Apply to be a certified teacher; reviewed by the team.',
    href: '/teaching',
  },
};

/** Every feature, in the tier table's order (level, then the order the spec lists them). */
export const TIER_FEATURES: readonly TierFeature[] = TIERS.flatMap((tier) =>
  tier.unlockedFeatures.map((key) => {
    const def = DEFINITIONS[key as TierFeatureKey];
    if (!def) throw new Error(`No definition for the tier feature ${key}`);
    return { key: key as TierFeatureKey, level: tier.level, ...def };
  }),
);

const BY_KEY = new Map(TIER_FEATURES.map((f) => [f.key, f]));

export function tierFeature(key: TierFeatureKey): TierFeature {
  const f = BY_KEY.get(key);
  if (!f) throw new Error(`Unknown tier feature ${key}`);
  return f;
}

/** True when `tokens` reach the level that opens `key`. */
export function isFeatureUnlocked(key: TierFeatureKey, tokens: number): boolean {
  return tierFor(tokens).level >= tierFeature(key).level;
}

/** What a locked feature's refusal says, the same words on the server and on a screen. */
export function lockedFeatureMessage(key: TierFeatureKey, tokens: number): string {
  const f = tierFeature(key);
  const need = TIERS[f.level - 1]?.requiredTokens ?? 0;
  const toGo = Math.max(0, need - Math.max(0, Math.floor(Number.isFinite(tokens) ? tokens : 0)));
  return `${capitalise(f.title)} opens at level ${f.level}; you are at level ${tierFor(tokens).level} (${toGo} tone tokens to go).`;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
