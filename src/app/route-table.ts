/** The spec's route table (core section 2) plus the other targets it references, with titles. */
export interface RouteEntry {
  path: string;
  title: string;
}

export const ROUTES: RouteEntry[] = [
  { path: '/', title: 'Sign in' },
  { path: '/home', title: 'Home' },
  { path: '/signup', title: 'Sign up' },
  { path: '/intro', title: 'Welcome' },
  { path: '/welcome', title: 'Welcome' },
  { path: '/onboarding', title: 'Your voice journey' },
  { path: '/onboarding-story', title: 'Tell us about you' },
  { path: '/discover', title: 'Discover' },
  { path: '/listening-room', title: 'The listening room' },
  { path: '/community', title: 'Community' },
  { path: '/voice-circles', title: 'Voice circles' },
  { path: '/wellness', title: 'Wellness' },
  { path: '/expert-content', title: 'Expert content' },
  { path: '/profile', title: 'Profile' },
  { path: '/journey-progress', title: 'Your voice journey' },
  { path: '/achievements', title: 'Achievements' },
  { path: '/streak-calendar', title: 'Streak calendar' },
  { path: '/voice-health-insights', title: 'Voice health insights' },
  { path: '/admin', title: 'Admin settings' },
  { path: '/test-signup', title: 'Developer sign-up' },
  { path: '/session/:templateId', title: 'Session' },
  { path: '/voice-analysis', title: 'Voice analysis' },
  { path: '/tuning-room', title: 'The tuning room' },
  { path: '/filtered', title: 'Sessions' },
  { path: '/login', title: 'Sign in' },
  { path: '/forgot-password', title: 'Forgot password' },
  { path: '/reset-password', title: 'Reset password' },
  { path: '/library', title: 'Library' },
];
