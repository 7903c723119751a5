import { frameOf } from './route-table';

/** The four tabs of the bottom bar (spec: core section 2, "Bottom tab bar"). */
export type TabId = 'home' | 'discover' | 'community' | 'profile';

export const TAB_PATHS: Record<TabId, string> = {
  home: '/home',
  discover: '/discover',
  community: '/community',
  profile: '/profile',
};

/**
 * Visible on every screen of a tab and every screen below one (route-table.ts frames them), and
 * only while no session player is open. The spec listed nine routes; issue 20 found the others
 * (wellness, expert content, voice circles, admin) to be dead ends on a phone, so every member
 * screen that is not a full-screen flow now has the bar.
 */
export function isTabBarVisible(pathname: string, playerOpen: boolean): boolean {
  const frame = frameOf(pathname);
  return !playerOpen && (frame === 'tab' || frame === 'below');
}

/** The spec's active tabs; the screens reached from the profile (calendar, insights, admin) keep it lit. */
export function activeTab(pathname: string): TabId {
  switch (normalise(pathname)) {
    case '/discover':
    case '/listening-room':
      return 'discover';
    case '/community':
    case '/echoverse':
      return 'community';
    case '/profile':
    case '/achievements':
    case '/journey-progress':
    case '/streak-calendar':
    case '/streak-rewards':
    case '/voice-health-insights':
    case '/admin':
    case '/emotions':
    case '/challenges':
    case '/reminders':
    case '/voice-notes':
    case '/vocal-exercises':
    case '/technique':
    case '/mentoring':
    case '/leadership':
    case '/teaching':
    case '/admin/review':
      return 'profile';
    default:
      return 'home';
  }
}

/** The profile tab reads the member's first name when known. */
export function profileTabLabel(firstName: string | null | undefined): string {
  return firstName?.trim() || 'Profile';
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
