import { useLocation } from 'react-router-dom';

/** The names of the places a feature screen is opened from, for its back control's label. */
const PLACES: Record<string, string> = {
  '/home': 'home',
  '/profile': 'profile',
};

/**
 * Where a feature screen's back control leads: the screen that opened it (a link passes
 * `state={{ from: '/profile' }}`), else `fallback`, so back never leaves the member somewhere
 * they did not come from.
 */
export function useBackTo(fallback: string): { to: string; label: string } {
  const state: unknown = useLocation().state;
  const from = (state as { from?: unknown } | null)?.from;
  const to = typeof from === 'string' && from in PLACES ? from : fallback;
  return { to, label: `back to ${PLACES[to] ?? 'home'}` };
}
