import { isFeatureUnlocked } from '../../domain/tier-features';
import { useDashboard } from '../profile/profile-queries';

/**
 * Advanced templates are the tier feature advanced_sessions (level 4). The server refuses their
 * saves below it (POST /api/sessions, 403 feature_locked); this tells the screens first, so a
 * member is told before they begin, not after practising. `unknown` while the level is loading
 * or cannot be read (offline with nothing saved): the screens then leave the choice open.
 */
export type AdvancedLock = { kind: 'open' } | { kind: 'locked'; tokens: number } | { kind: 'unknown' };

export const isAdvanced = (t: { difficulty: string }) => t.difficulty === 'advanced';

export function useAdvancedLock(): AdvancedLock {
  const dashboard = useDashboard();
  const tokens = dashboard.data?.user.toneTokens;
  if (tokens === undefined) return { kind: 'unknown' };
  return isFeatureUnlocked('advanced_sessions', tokens) ? { kind: 'open' } : { kind: 'locked', tokens };
}
