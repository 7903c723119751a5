// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The member record still says 'not onboarded': the kept answers are on their way.
vi.mock('../../lib/api', () => ({
  apiJson: () => Promise.resolve({ hasCompletedOnboarding: false, onboardingState: null }),
}));

const { destinationAfterSignIn } = await import('./after-sign-in');
const { keepOnboardingForLater } = await import('../onboarding/pending-store');

beforeEach(() => localStorage.clear());

describe('where sign-in leads', () => {
  it('offers the questionnaire to a member who has not answered it', async () => {
    expect(await destinationAfterSignIn('member-1')).toBe('/onboarding-story');
  });

  it('does not ask again a visitor who answered the questionnaire before signing in', async () => {
    keepOnboardingForLater({ kind: 'answers', payload: { answers: {}, otherTexts: {} } });
    expect(await destinationAfterSignIn('member-1')).toBe('/intro');
  });
});

describe('where sign-in leads once the kept answers are already on their way', () => {
  it('uses what was on the device before the session began', async () => {
    // Signing in starts sending (and removing) the kept answers before this is asked.
    expect(await destinationAfterSignIn('member-1', true)).toBe('/intro');
  });
});
