import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GARDEN_CHOICE,
  describeGarden,
  elementsOfKindInOrder,
  GARDEN_ELEMENT_KEYS,
  GARDEN_ELEMENTS,
  gardenElementsAt,
  gardenStateFor,
  gardenTierFor,
  nextGardenTier,
  orderProblem,
  swapElements,
} from './garden';
import { TIERS } from './tiers';

describe('garden tiers', () => {
  it('starts as a seedling and grows at each threshold', () => {
    expect(gardenTierFor(0)).toBe('seedling');
    expect(gardenTierFor(99)).toBe('seedling');
    expect(gardenTierFor(100)).toBe('sprout');
    expect(gardenTierFor(4750)).toBe('ancient');
  });
  it('names the next tier and the tokens still to earn, and none after ancient', () => {
    expect(nextGardenTier(60)).toEqual({ key: 'sprout', requiredTokens: 100, tokensToGo: 40 });
    expect(nextGardenTier(5000)).toBeNull();
  });
});

describe('garden elements', () => {
  it('gives every level two named elements, twenty different ones in all', () => {
    for (const tier of TIERS) {
      expect(tier.gardenElements).toHaveLength(2);
      for (const name of tier.gardenElements) expect(name).toMatch(/^[a-z]+( [a-z]+)*$/);
    }
    const names = TIERS.flatMap((t) => t.gardenElements);
    expect(new Set(names).size).toBe(20);
    expect(TIERS[0]?.gardenElements).toEqual(['first seed', 'morning dew']);
    expect(TIERS[9]?.gardenElements).toEqual(['ancient oak', 'flowing stream']);
  });

  it('keys each element by its name, in the tier table order, with the level that grows it', () => {
    expect(GARDEN_ELEMENTS.map((e) => e.key)).toEqual([...GARDEN_ELEMENT_KEYS]);
    expect(GARDEN_ELEMENTS.map((e) => e.level)).toEqual(TIERS.flatMap((t) => [t.level, t.level]));
    expect(GARDEN_ELEMENTS.map((e) => e.name)).toEqual(TIERS.flatMap((t) => t.gardenElements));
  });

  it.each(TIERS.map((t) => t.level))(
    'shows exactly the elements of levels 1 to %i at that level',
    (level) => {
      const shown = gardenElementsAt(level).map((e) => e.name);
      expect(shown).toEqual(TIERS.slice(0, level).flatMap((t) => t.gardenElements));
      expect(shown).toHaveLength(level * 2);
    },
  );

  it('reads the garden of a member from their tokens: what has grown, and the next level with the tokens to go', () => {
    const state = gardenStateFor(260);
    expect(state).toMatchObject({ tier: 'sprout', level: 3 });
    expect(state.elements.map((e) => e.key)).toEqual([
      'first_seed',
      'morning_dew',
      'clover_patch',
      'smooth_pebbles',
      'stepping_stones',
      'unfurling_fern',
    ]);
    expect(state.next?.level).toBe(4);
    expect(state.next?.elements.map((e) => e.name)).toEqual(['sunflower', 'lavender']);
    expect(state.next?.tokensToGo).toBe(240);
    expect(gardenStateFor(99999).next).toBeNull();
    expect(gardenStateFor(Number.NaN).level).toBe(1);
  });

  it('says in words what grows and what comes next', () => {
    expect(describeGarden(gardenStateFor(0))).toBe(
      'A seedling garden: first seed and morning dew. Next, at level 2: clover patch and smooth pebbles, 100 tone tokens to go.',
    );
    expect(describeGarden(gardenStateFor(150))).toBe(
      'A sprouting garden: first seed, morning dew, clover patch and smooth pebbles. Next, at level 3: stepping stones and unfurling fern, 100 tone tokens to go.',
    );
    expect(describeGarden(gardenStateFor(249))).toContain('1 tone token to go.');
    expect(describeGarden(gardenStateFor(5000))).toMatch(
      /^An ancient garden: first seed, .*, ancient oak and flowing stream\. Everything has grown\.$/,
    );
  });
});

describe('the arrangement of a garden', () => {
  it('accepts an order that lists every element once, and says what is wrong with any other', () => {
    expect(orderProblem(DEFAULT_GARDEN_CHOICE.order)).toBeNull();
    expect(orderProblem([...GARDEN_ELEMENT_KEYS].reverse())).toBeNull();
    expect(orderProblem(GARDEN_ELEMENT_KEYS.slice(1))).toBe('must list all 20 garden elements once each');
    expect(
      orderProblem(
        [...GARDEN_ELEMENT_KEYS.slice(1), 'first_seed'].map((k) => (k === 'fireflies' ? 'first_seed' : k)),
      ),
    ).toBe('first_seed is listed twice');
    expect(orderProblem([...GARDEN_ELEMENT_KEYS.slice(1), 'rose'])).toBe('rose is not a garden element');
  });

  it('swaps two elements of one kind and never an oak with a flower', () => {
    const order = swapElements(DEFAULT_GARDEN_CHOICE.order, 'sunflower', 'first_seed');
    expect(elementsOfKindInOrder(order, 'plant').slice(0, 1)).toEqual(['sunflower']);
    expect(elementsOfKindInOrder(order, 'plant')).toContain('first_seed');
    expect(swapElements(order, 'ancient_oak', 'lavender')).toEqual(order);
  });
});
