/**
 * How a screen is framed, so that no screen is a dead end (issue 20):
 * - `tab`: one of the four tabs (top level): the tab bar, no back control;
 * - `below`: a screen reached from a tab: the tab bar and a back control;
 * - `flow`: a full-screen flow (sign-in, sign-up, onboarding, the template player): no tab bar,
 *   its own way forward and a link out.
 */
export type ScreenFrame = 'tab' | 'below' | 'flow';

/** The spec's route table (core section 2) plus the other targets it references, with titles. */
export interface RouteEntry {
  path: string;
  title: string;
  frame: ScreenFrame;
}

export const ROUTES: RouteEntry[] = [
  { path: '/', title: 'Sign in', frame: 'flow' },
  { path: '/home', title: 'Home', frame: 'tab' },
  { path: '/signup', title: 'Sign up', frame: 'flow' },
  { path: '/intro', title: 'Welcome', frame: 'flow' },
  { path: '/welcome', title: 'Welcome', frame: 'flow' },
  { path: '/onboarding', title: 'Your voice journey', frame: 'flow' },
  { path: '/onboarding-story', title: 'Tell us about you', frame: 'flow' },
  { path: '/discover', title: 'Discover', frame: 'tab' },
  { path: '/listening-room', title: 'The listening room', frame: 'below' },
  { path: '/community', title: 'Community', frame: 'tab' },
  { path: '/voice-circles', title: 'Voice circles', frame: 'below' },
  { path: '/wellness', title: 'Wellness', frame: 'below' },
  { path: '/expert-content', title: 'Expert content', frame: 'below' },
  { path: '/profile', title: 'Profile', frame: 'tab' },
  { path: '/journey-progress', title: 'Your voice journey', frame: 'below' },
  { path: '/achievements', title: 'Achievements', frame: 'below' },
  { path: '/streak-calendar', title: 'Streak calendar', frame: 'below' },
  { path: '/streak-rewards', title: 'Streak rewards', frame: 'below' },
  { path: '/voice-health-insights', title: 'Voice health insights', frame: 'below' },
  { path: '/voice-range', title: 'Your voice range', frame: 'below' },
  { path: '/admin', title: 'Admin settings', frame: 'below' },
  { path: '/test-signup', title: 'Developer sign-up', frame: 'flow' },
  { path: '/session/:templateId', title: 'Session', frame: 'flow' },
  { path: '/voice-analysis', title: 'Voice analysis', frame: 'below' },
  { path: '/tuning-room', title: 'The tuning room', frame: 'below' },
  { path: '/filtered', title: 'Sessions', frame: 'below' },
  { path: '/login', title: 'Sign in', frame: 'flow' },
  { path: '/forgot-password', title: 'Forgot password', frame: 'flow' },
  { path: '/reset-password', title: 'Reset password', frame: 'flow' },
  { path: '/library', title: 'Library', frame: 'below' },
  // Tier features (issue 30, src/domain/tier-features.ts): reached from the profile's chips.
  { path: '/check-in', title: 'Daily check-in', frame: 'below' },
  { path: '/emotions', title: 'Emotion tracking', frame: 'below' },
  { path: '/challenges', title: 'Challenges', frame: 'below' },
  { path: '/reminders', title: 'Practice reminders', frame: 'below' },
  { path: '/reminders/suggestion', title: "Today's suggestion", frame: 'below' },
  { path: '/reminders/unsubscribe', title: 'Reminder e-mails', frame: 'flow' },
  // Tier features (issue 30): voice notes (level 2) and the Echoverse (level 7).
  { path: '/voice-notes', title: 'Voice notes', frame: 'below' },
  { path: '/echoverse', title: 'The Echoverse', frame: 'below' },
  // Tier features (issue 30): vocal exercises (level 4) and technique feedback (level 5).
  { path: '/vocal-exercises', title: 'Vocal exercises', frame: 'below' },
  { path: '/technique', title: 'Technique feedback', frame: 'below' },
  // Tier features (issue 30): mentoring (7), community leadership (9), teaching certification
  // (10), and the admins' review of teaching applications (ADMIN_EMAILS).
  { path: '/mentoring', title: 'Mentoring', frame: 'below' },
  { path: '/leadership', title: 'Community leadership', frame: 'below' },
  { path: '/teaching', title: 'Teaching certification', frame: 'below' },
  { path: '/admin/review', title: 'Teaching applications', frame: 'below' },
];

/**
 * Screens reached from a circle, outside the spec's table (router.tsx adds them): one circle is
 * below the circles list; its live group session is a full-screen flow like the player.
 */
export const CIRCLE_ROUTES: RouteEntry[] = [
  { path: '/voice-circles/:id', title: 'Voice circle', frame: 'below' },
  { path: '/voice-circles/:id/live', title: 'Live session', frame: 'flow' },
];

/** The frame of a concrete pathname, or null for a path no route knows (the 404 page). */
export function frameOf(pathname: string): ScreenFrame | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const route of [...ROUTES, ...CIRCLE_ROUTES]) {
    if (matches(route.path, path)) return route.frame;
  }
  return null;
}

function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i]);
}
