// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { storageKeys } from '../../lib/storage-keys';
import { OnboardingStoryScreen } from './OnboardingStoryScreen';
import { hasPendingOnboarding } from './pending-store';

function renderStory() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/onboarding-story']}>
        <Routes>
          <Route path="/onboarding-story" element={<OnboardingStoryScreen />} />
          <Route path="/" element={<p>sign-in screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.scrollTo = () => {};
});
afterEach(cleanup);

describe('onboarding questionnaire screen', () => {
  it('Skip for Now on the welcome page marks onboarding done and goes to /', async () => {
    renderStory();
    fireEvent.click(button('Skip for Now'));
    expect(localStorage.getItem(storageKeys.onboardingComplete)).toBe('true');
    // A visitor has nothing to keep on the server, so it goes on at once.
    expect(await screen.findByText('sign-in screen')).toBeTruthy();
    expect(hasPendingOnboarding()).toBe(true);
  });

  it('waits for a choice, shows Other’s text box, and stores the answers on completion', async () => {
    renderStory();
    fireEvent.click(button("Let's Begin"));
    expect(screen.getByText('1 of 4')).toBeTruthy();
    expect(button('Back').disabled).toBe(true);
    expect(button('Next').disabled).toBe(true);
    fireEvent.click(button('Other'));
    fireEvent.change(screen.getByPlaceholderText('Tell us more...'), { target: { value: 'lullabies' } });
    expect(button('Next').disabled).toBe(false);
    fireEvent.click(button('Next'));
    fireEvent.click(button('Skip this step'));
    fireEvent.click(button('Skip this step'));
    expect(screen.getByText('4 of 4')).toBeTruthy();
    for (const name of ['Calm', 'Grounded', 'Joyful']) fireEvent.click(button(name));
    expect(button('Confident').disabled).toBe(true);
    fireEvent.click(button('Complete'));
    expect(await screen.findByText('sign-in screen')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(storageKeys.onboardingAnswers)!)).toMatchObject({
      answers: { voice_goals: ['Other'], hoped_feelings: ['Calm', 'Grounded', 'Joyful'] },
      otherTexts: { voice_goals_other: 'lullabies' },
    });
    // A visitor: kept on the device for the account the visitor signs up or in with.
    expect(hasPendingOnboarding()).toBe(true);
  });
});
