// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_GARDEN_CHOICE,
  describeGarden,
  GARDEN_TIERS,
  GARDEN_TIER_PHRASE,
  gardenStateFor,
} from '../../domain/garden';
import { GardenScene } from './GardenScene';

afterEach(cleanup);

const drawn = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-element]')].map((e) => e.getAttribute('data-element')).sort();

describe('the garden picture', () => {
  it.each(GARDEN_TIERS.map((t) => [t.key, t.requiredTokens] as const))(
    'draws a %s garden with every grown element and says what grows, in words',
    (tier, tokens) => {
      const state = gardenStateFor(tokens);
      const { container } = render(<GardenScene state={state} choice={DEFAULT_GARDEN_CHOICE} />);
      const img = screen.getByRole('img');
      expect(img.getAttribute('aria-label')).toBe(describeGarden(state));
      expect(img.getAttribute('aria-label')?.toLowerCase()).toContain(GARDEN_TIER_PHRASE[tier]);
      for (const e of state.elements) expect(img.getAttribute('aria-label')).toContain(e.name);
      expect(drawn(container)).toEqual(state.elements.map((e) => e.key).sort());
      expect(container.querySelector('[data-tier]')?.getAttribute('data-tier')).toBe(tier);
    },
  );

  it('names what comes next, and nothing more once everything has grown', () => {
    render(<GardenScene state={gardenStateFor(1300)} choice={DEFAULT_GARDEN_CHOICE} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(
      /^A garden growing into a grove: first seed, .* young birch and little pond\. Next, at level 7: mossy stone and maple tree, 450 tone tokens to go\.$/,
    );
    cleanup();
    render(<GardenScene state={gardenStateFor(4750)} choice={DEFAULT_GARDEN_CHOICE} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/Everything has grown\.$/);
  });

  it('draws the chosen layout and palette, by day and (prefers-color-scheme: dark) by night', () => {
    const { container } = render(
      <GardenScene
        state={gardenStateFor(4750)}
        choice={{ ...DEFAULT_GARDEN_CHOICE, layout: 'clearing', palette: 'autumn' }}
      />,
    );
    const scene = container.querySelector('[data-palette]');
    expect(scene?.getAttribute('data-palette')).toBe('autumn');
    expect(scene?.getAttribute('data-layout')).toBe('clearing');
    const css = container.querySelector('style')?.textContent ?? '';
    expect(css).toContain(`#${scene?.id} .g-maple{fill:#b8432c}`);
    expect(css).toMatch(/@media \(prefers-color-scheme: dark\)\{.*\.g-maple\{fill:#[0-9a-f]{6}\}/);
  });

  it('puts two elements of a kind in each other’s places when the member swaps them', () => {
    const state = gardenStateFor(4750);
    const place = (order = DEFAULT_GARDEN_CHOICE.order) => {
      const { container } = render(
        <GardenScene state={state} choice={{ ...DEFAULT_GARDEN_CHOICE, order }} />,
      );
      const at = (k: string) => container.querySelector(`[data-element="${k}"]`)?.getAttribute('transform');
      const out = { sunflower: at('sunflower'), lavender: at('lavender') };
      cleanup();
      return out;
    };
    const before = place();
    const order = DEFAULT_GARDEN_CHOICE.order.map((k) =>
      k === 'sunflower' ? 'lavender' : k === 'lavender' ? 'sunflower' : k,
    );
    const after = place(order);
    expect(after.sunflower).toBe(before.lavender);
    expect(after.lavender).toBe(before.sunflower);
  });
});
