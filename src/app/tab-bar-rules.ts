/** The four tabs of the bottom bar (spec: core section 2, "Bottom tab bar"). */
export type TabId = 'home' | 'discover' | 'community' | 'profile';

export const TAB_PATHS: Record<TabId, string> = {
  home: '/home',
  discover: '/discover',
  community: '/community',
  profile: '/profile',
};

const VISIBLE_ON = new Set([
  '/home',
  '/discover',
  '/listening-room',
  '/community',
  '/profile',
  '/tuning-room',
  '/achievements',
  '/journey-progress',
  '/filtered',
]);

/** Visible only on the listed routes, and only while no session player is open. */
export function isTabBarVisible(pathname: string, playerOpen: boolean): boolean {
  return !playerOpen && VISIBLE_ON.has(normalise(pathname));
}

export function activeTab(pathname: string): TabId {
  switch (normalise(pathname)) {
    case '/discover':
    case '/listening-room':
      return 'discover';
    case '/community':
      return 'community';
    case '/profile':
    case '/achievements':
    case '/journey-progress':
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
