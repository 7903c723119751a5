import { describe, expect, it } from 'vitest';
import { isGateExempt, shouldSendToOnboarding } from './gate';

const base = { hasCompletedOnboarding: false, visitedThisSession: false, pathname: '/home' } as const;

describe('onboarding gate', () => {
  it('sends a member who has not completed onboarding to the questionnaire on first visit', () => {
    expect(shouldSendToOnboarding(base)).toBe(true);
  });

  it('lets a member who completed onboarding stay', () => {
    expect(shouldSendToOnboarding({ ...base, hasCompletedOnboarding: true })).toBe(false);
  });

  it('lets the member stay while the profile is not known yet (only exactly false gates)', () => {
    expect(shouldSendToOnboarding({ ...base, hasCompletedOnboarding: undefined })).toBe(false);
  });

  it('asks only once per browser session', () => {
    expect(shouldSendToOnboarding({ ...base, visitedThisSession: true })).toBe(false);
  });

  it('never gates profile, discover or community', () => {
    for (const pathname of ['/profile', '/discover', '/community', '/community/']) {
      expect(shouldSendToOnboarding({ ...base, pathname })).toBe(false);
      expect(isGateExempt(pathname)).toBe(true);
    }
  });
});
