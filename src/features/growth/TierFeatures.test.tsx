// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { TIER_FEATURES } from '../../domain/tier-features';
import { TIERS } from '../../domain/tiers';
import { TierFeatures } from './TierFeatures';

afterEach(cleanup);

const at = (tokens: number) =>
  render(
    <MemoryRouter>
      <TierFeatures tokens={tokens} />
    </MemoryRouter>,
  );
const chip = (key: string) => document.querySelector<HTMLElement>(`[data-feature="${key}"]`)!;

describe('the profile tier features', () => {
  it('makes every open feature a link to it, by the registry', () => {
    at(TIERS[1]!.requiredTokens); // level 2
    for (const f of TIER_FEATURES.filter((x) => x.level <= 2)) {
      // querySelector, not getByRole: role queries over twenty chips cost seconds in jsdom.
      const link = chip(f.key).querySelector('a')!;
      expect(link.textContent).toBe(f.title);
      expect(link.getAttribute('href')).toBe(f.href);
      expect(chip(f.key).dataset.unlocked).toBe('true');
    }
    expect(document.querySelectorAll('[data-unlocked="true"]')).toHaveLength(4);
  });

  it('says plainly, with no link, that a feature later work builds is not in the app yet', () => {
    at(TIERS[4]!.requiredTokens); // level 5: chorus sharing is open
    const chorus = chip('chorus_sharing');
    expect(chorus.querySelector('a')).toBeNull();
    expect(chorus.textContent).toBe(
      'chorus sharing · not in the app yet: it arrives with the chorus in community',
    );
  });

  it('leads to the guided range check once voice range tracking is open (issue 31)', () => {
    at(TIERS[5]!.requiredTokens); // level 6
    const link = chip('voice_range_tracking').querySelector('a')!;
    expect(link.textContent).toBe('voice range tracking');
    expect(link.getAttribute('href')).toBe('/voice-range');
  });

  it("shows the next level's features in full, with how far it is", () => {
    at(140); // level 2, 110 tokens to level 3
    const next = screen.getByTestId('next-level');
    expect(next.textContent).toContain('next: level 3 · 110 tone tokens to go');
    for (const f of TIER_FEATURES.filter((x) => x.level === 3)) {
      expect(chip(f.key).textContent).toContain(f.summary);
      expect(chip(f.key).textContent).toContain('locked, opens at level 3');
    }
  });

  it('folds the later levels away, each feature there with what it is and how far its level is', () => {
    at(140);
    const later = TIER_FEATURES.filter((f) => f.level > 3);
    const fold = screen.getByText(/later levels: 4–10 · 14 features/).closest('details')!;
    expect(fold.open).toBe(false);
    expect(fold.textContent).toContain('level 4 · 360 tone tokens to go');
    expect(fold.textContent).toContain('level 10 · 4610 tone tokens to go');
    for (const f of later) {
      expect(fold.contains(chip(f.key))).toBe(true);
      expect(chip(f.key).dataset.unlocked).toBe('false');
      expect(chip(f.key).textContent).toBe(`${f.title}, locked, opens at level ${f.level}${f.summary}`);
    }
  });

  it('at the top level has everything open and nothing locked', () => {
    at(TIERS[9]!.requiredTokens);
    expect(document.querySelectorAll('[data-unlocked="true"]')).toHaveLength(20);
    expect(document.querySelectorAll('[data-unlocked="false"]')).toHaveLength(0);
    expect(screen.queryByTestId('next-level')).toBeNull();
  });
});
