import { describe, expect, it } from 'vitest';
import {
  canContinue,
  canSkip,
  initialAnswers,
  nextStep,
  previousStep,
  stepSequence,
  wizardPayload,
} from './wizard-model';

describe('onboarding wizard steps', () => {
  it('runs ten steps without stress_relief, leaving out the stress follow-up', () => {
    const seq = stepSequence(initialAnswers());
    expect(seq).toHaveLength(10);
    expect(seq).not.toContain('stress_followup');
    expect(seq[0]).toBe('welcome');
    expect(seq.at(-1)).toBe('complete');
  });

  it('adds the stress follow-up right after intention when stress_relief is chosen', () => {
    const a = { ...initialAnswers(), primaryGoal: ['find_calm', 'stress_relief'] };
    expect(stepSequence(a)).toHaveLength(11);
    expect(nextStep('intention', a)).toBe('stress_followup');
    expect(previousStep('feeling', a)).toBe('stress_followup');
    expect(nextStep('intention', initialAnswers())).toBe('feeling');
  });

  it('has no step after complete and none before welcome', () => {
    expect(nextStep('complete', initialAnswers())).toBeNull();
    expect(previousStep('welcome', initialAnswers())).toBeNull();
  });

  it('waits for a name, a choice or a word before Continue', () => {
    const a = initialAnswers();
    expect(canContinue('philosophy', a)).toBe(false);
    expect(canContinue('philosophy', { ...a, name: '  ' })).toBe(false);
    expect(canContinue('philosophy', { ...a, name: 'Ada' })).toBe(true);
    expect(canContinue('intention', a)).toBe(false);
    expect(canContinue('feeling', { ...a, desiredFeeling: ['calm'] })).toBe(true);
    expect(canContinue('word', { ...a, embodimentWord: ' ' })).toBe(false);
    expect(canContinue('practice_timing', { ...a, practiceTime: ['night'] })).toBe(true);
  });

  it('allows Continue on the slider by default and on steps without input', () => {
    const a = initialAnswers();
    expect(a.voiceComfortLevel).toBe(5);
    for (const step of ['welcome', 'about_you', 'comfort', 'microphone', 'complete'] as const) {
      expect(canContinue(step, a)).toBe(true);
    }
  });

  it('offers Skip on every step but welcome and complete', () => {
    expect(canSkip('welcome')).toBe(false);
    expect(canSkip('complete')).toBe(false);
    expect(canSkip('word')).toBe(true);
  });

  it('sends exactly the spec fields, dropping Other texts whose choice is gone', () => {
    const payload = wizardPayload({
      ...initialAnswers(),
      name: ' Ada ',
      primaryGoal: ['find_calm'],
      primaryGoalOther: 'stale',
      stressType: ['work'],
      pronouns: 'other',
      pronounsOther: ' xe/xem ',
    });
    expect(Object.keys(payload).sort()).toEqual(
      [
        'voiceComfortLevel',
        'primaryGoal',
        'primaryGoalOther',
        'stressType',
        'stressTypeOther',
        'desiredFeeling',
        'desiredFeelingOther',
        'embodimentWord',
        'practiceTime',
        'practiceTimeOther',
        'name',
        'pronouns',
        'pronounsOther',
        'ageRange',
        'microphoneEnabled',
      ].sort(),
    );
    expect(payload.name).toBe('Ada');
    expect(payload.primaryGoalOther).toBe('');
    expect(payload.stressType).toEqual([]);
    expect(payload.pronounsOther).toBe('xe/xem');
  });
});
