import { describe, expect, it } from 'vitest';
import {
  OTHER,
  QUESTIONS,
  buildQuestionnairePayload,
  canAdvance,
  isOptionDisabled,
  progressOf,
  toggleOption,
} from './questionnaire';

const [q1, q2, q3, q4] = QUESTIONS as [
  (typeof QUESTIONS)[0],
  (typeof QUESTIONS)[0],
  (typeof QUESTIONS)[0],
  (typeof QUESTIONS)[0],
];

describe('onboarding questionnaire', () => {
  it('has four steps with 8, 8, 8 and 6 options, Other on the first two', () => {
    expect(QUESTIONS.map((q) => q.options.length)).toEqual([8, 8, 8, 6]);
    expect(q1.options).toContain(OTHER);
    expect(q2.options).toContain(OTHER);
    expect(q3.options).not.toContain(OTHER);
    expect(q4.subtitle).toBe('(choose up to 3)');
  });

  it('deselects an option that is chosen again', () => {
    const once = toggleOption(q1, [], 'Have fun');
    expect(toggleOption(q1, once, 'Have fun')).toEqual([]);
  });

  it('allows any number of choices on steps 1 to 3', () => {
    const all = q3.options.reduce<string[]>((sel, o) => toggleOption(q3, sel, o), []);
    expect(all).toHaveLength(8);
  });

  it('allows at most 3 choices on step 4 and disables the rest once full', () => {
    let sel: string[] = [];
    for (const o of q4.options) sel = toggleOption(q4, sel, o);
    expect(sel).toHaveLength(3);
    expect(isOptionDisabled(q4, sel, q4.options[5]!)).toBe(true);
    expect(isOptionDisabled(q4, sel, sel[0]!)).toBe(false);
    expect(toggleOption(q4, sel, sel[0]!)).toHaveLength(2);
  });

  it('waits for a selection before Next', () => {
    expect(canAdvance(undefined)).toBe(false);
    expect(canAdvance([])).toBe(false);
    expect(canAdvance(['Calm'])).toBe(true);
  });

  it('counts steps as n of 4 with a percentage', () => {
    expect(progressOf(0)).toEqual({ label: '1 of 4', percent: 25 });
    expect(progressOf(3)).toEqual({ label: '4 of 4', percent: 100 });
  });

  it('keeps an Other text only while Other is chosen, keyed questionId_other', () => {
    const payload = buildQuestionnairePayload(
      { voice_goals: [OTHER], voice_feeling: ['Tired'] },
      { voice_goals_other: '  sing to my kids ', voice_feeling_other: 'stale' },
    );
    expect(payload.otherTexts).toEqual({ voice_goals_other: 'sing to my kids' });
    expect(payload.answers.practice_moments).toEqual([]);
  });
});
