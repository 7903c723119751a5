import { describe, expect, it } from 'vitest';
import { activeTab, isTabBarVisible, profileTabLabel } from './tab-bar-rules';

describe('bottom tab bar rules', () => {
  it.each([
    '/home',
    '/discover',
    '/listening-room',
    '/community',
    '/profile',
    '/tuning-room',
    '/achievements',
    '/journey-progress',
    '/filtered',
    // Issue 20: the screens below a tab that were dead ends on a phone.
    '/wellness',
    '/expert-content',
    '/voice-circles',
    '/voice-circles/12',
    '/admin',
    '/streak-calendar',
    '/voice-health-insights',
    '/library',
    '/voice-analysis',
    // Issue 30: mentoring, leadership, teaching certification and the admins' review.
    '/mentoring',
    '/leadership',
    '/teaching',
    '/admin/review',
  ])('is visible on %s when no player is open', (path) => {
    expect(isTabBarVisible(path, false)).toBe(true);
  });

  it.each([
    '/',
    '/login',
    '/signup',
    '/intro',
    '/onboarding',
    '/onboarding-story',
    '/test-signup',
    '/session/3',
    '/voice-circles/12/live',
    '/nowhere',
  ])('is hidden on the full-screen flow %s and on unknown paths', (path) => {
    expect(isTabBarVisible(path, false)).toBe(false);
  });

  it('is hidden on a tab route while a session player is open', () => {
    expect(isTabBarVisible('/home', true)).toBe(false);
  });

  it('ignores a trailing slash', () => {
    expect(isTabBarVisible('/discover/', false)).toBe(true);
  });

  it.each([
    ['/home', 'home'],
    ['/discover', 'discover'],
    ['/listening-room', 'discover'],
    ['/community', 'community'],
    ['/profile', 'profile'],
    ['/achievements', 'profile'],
    ['/journey-progress', 'profile'],
    ['/tuning-room', 'home'],
    ['/filtered', 'home'],
    ['/wellness', 'home'],
    ['/voice-circles/4', 'home'],
    ['/streak-calendar', 'profile'],
    ['/voice-health-insights', 'profile'],
    ['/admin', 'profile'],
    ['/vocal-exercises', 'profile'],
    ['/technique', 'profile'],
    ['/mentoring', 'profile'],
    ['/leadership', 'profile'],
    ['/teaching', 'profile'],
    ['/admin/review', 'profile'],
  ])('marks the right tab active on %s', (path, tab) => {
    expect(activeTab(path)).toBe(tab);
  });

  it('labels the profile tab with the first name when known, else Profile', () => {
    expect(profileTabLabel('Ada')).toBe('Ada');
    expect(profileTabLabel('  ')).toBe('Profile');
    expect(profileTabLabel(null)).toBe('Profile');
  });
});
