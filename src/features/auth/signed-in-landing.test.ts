import { describe, expect, it } from 'vitest';
import { landingForSignedIn } from './signed-in-landing';

describe('landing of a signed-in member who opens /', () => {
  it('shows the intro to an onboarded member', () => {
    expect(
      landingForSignedIn({ hasCompletedOnboarding: true, localFlag: false, visitedThisSession: false }),
    ).toBe('/intro');
  });

  it('offers the questionnaire to a member who has not onboarded', () => {
    expect(
      landingForSignedIn({ hasCompletedOnboarding: false, localFlag: false, visitedThisSession: false }),
    ).toBe('/onboarding-story');
  });

  it('does not loop back into onboarding after Skip for Now', () => {
    expect(
      landingForSignedIn({ hasCompletedOnboarding: false, localFlag: true, visitedThisSession: false }),
    ).toBe('/intro');
    expect(
      landingForSignedIn({ hasCompletedOnboarding: false, localFlag: false, visitedThisSession: true }),
    ).toBe('/intro');
  });

  it('offers onboarding when the record cannot be read and nothing says it was done', () => {
    expect(
      landingForSignedIn({ hasCompletedOnboarding: undefined, localFlag: false, visitedThisSession: false }),
    ).toBe('/onboarding-story');
  });
});
