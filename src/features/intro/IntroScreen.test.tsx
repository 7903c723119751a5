// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { storageKeys } from '../../lib/storage-keys';
import { IntroScreen } from './IntroScreen';
import { takeFromIntroFlag } from './intro-flags';

function renderIntro(state?: unknown) {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/intro', state }]}>
      <Routes>
        <Route path="/intro" element={<IntroScreen />} />
        <Route path="/home" element={<p>home screen</p>} />
        <Route path="/" element={<p>sign-in screen</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('intro', () => {
  it('hands over to home after 3 seconds and leaves the from-intro flag for home', () => {
    vi.useFakeTimers();
    renderIntro();
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.queryByText('home screen')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText('home screen')).toBeTruthy();
    expect(takeFromIntroFlag()).toBe(true);
    expect(takeFromIntroFlag()).toBe(false);
  });

  it('after onboarding offers Begin Your Journey and Skip for Now, and skip marks onboarding done', () => {
    renderIntro({ fromOnboarding: true });
    expect(screen.getByRole('button', { name: 'Begin Your Journey' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Skip for Now' }));
    expect(localStorage.getItem(storageKeys.onboardingComplete)).toBe('true');
    expect(screen.getByText('sign-in screen')).toBeTruthy();
  });
});
