import { isFeatureUnlocked } from '../../../domain/tier-features';
import { useDashboard } from '../../profile/profile-queries';
import { usePendingRanges, useRanges, withPendingRanges } from '../../voice-range/range-api';

/**
 * The newest range check's semitones for goals on range (issue 31), with whether range checks
 * are open to the member (level 6): below it the range route answers 403, so it is not asked.
 */
export function useNewestRange(): { open: boolean; semitones: number | null } {
  const tokens = useDashboard().data?.user.toneTokens;
  const open = tokens !== undefined && isFeatureUnlocked('voice_range_tracking', tokens);
  const ranges = useRanges(open);
  const pending = usePendingRanges();
  const newest = open ? withPendingRanges(ranges.data ?? [], pending)[0] : undefined;
  return { open, semitones: newest ? newest.rangeSemitones : null };
}
