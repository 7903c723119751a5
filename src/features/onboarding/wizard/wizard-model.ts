/**
 * The onboarding wizard's model (spec: community-profile §2-§5): the answers, the step
 * sequence, the Continue rule and the exact payload of POST /api/complete-onboarding.
 */
export type StepId =
  | 'welcome'
  | 'philosophy'
  | 'about_you'
  | 'comfort'
  | 'intention'
  | 'stress_followup'
  | 'feeling'
  | 'word'
  | 'practice_timing'
  | 'microphone'
  | 'complete';

export const ALL_STEPS: StepId[] = [
  'welcome',
  'philosophy',
  'about_you',
  'comfort',
  'intention',
  'stress_followup',
  'feeling',
  'word',
  'practice_timing',
  'microphone',
  'complete',
];

export interface WizardAnswers {
  voiceComfortLevel: number;
  primaryGoal: string[];
  primaryGoalOther: string;
  stressType: string[];
  stressTypeOther: string;
  desiredFeeling: string[];
  desiredFeelingOther: string;
  embodimentWord: string;
  practiceTime: string[];
  practiceTimeOther: string;
  name: string;
  pronouns: string;
  pronounsOther: string;
  ageRange: string;
  microphoneEnabled: boolean;
}

export const COMFORT_DEFAULT = 5;

export function initialAnswers(name = ''): WizardAnswers {
  return {
    voiceComfortLevel: COMFORT_DEFAULT,
    primaryGoal: [],
    primaryGoalOther: '',
    stressType: [],
    stressTypeOther: '',
    desiredFeeling: [],
    desiredFeelingOther: '',
    embodimentWord: '',
    practiceTime: [],
    practiceTimeOther: '',
    name,
    pronouns: '',
    pronounsOther: '',
    ageRange: '',
    microphoneEnabled: false,
  };
}

/** stress_followup is part of the journey only when the goals include stress_relief. */
export function stepSequence(a: Pick<WizardAnswers, 'primaryGoal'>): StepId[] {
  return ALL_STEPS.filter((s) => s !== 'stress_followup' || a.primaryGoal.includes('stress_relief'));
}

/** The step after `current` in the sequence, or null on the last step. */
export function nextStep(current: StepId, a: WizardAnswers): StepId | null {
  const seq = stepSequence(a);
  return seq[seq.indexOf(current) + 1] ?? null;
}

export function previousStep(current: StepId, a: WizardAnswers): StepId | null {
  const seq = stepSequence(a);
  const i = seq.indexOf(current);
  return i > 0 ? (seq[i - 1] ?? null) : null;
}

/**
 * Spec §5: Continue waits for an answer — a slider value above 0, at least one choice, or
 * non-empty trimmed text. Steps without input or with several sections always allow it.
 */
export function canContinue(step: StepId, a: WizardAnswers): boolean {
  switch (step) {
    case 'philosophy':
      return a.name.trim() !== '';
    case 'comfort':
      return a.voiceComfortLevel > 0;
    case 'intention':
      return a.primaryGoal.length > 0;
    case 'stress_followup':
      return a.stressType.length > 0;
    case 'feeling':
      return a.desiredFeeling.length > 0;
    case 'word':
      return a.embodimentWord.trim() !== '';
    case 'practice_timing':
      return a.practiceTime.length > 0;
    default:
      return true; // welcome, about_you (several sections), microphone, complete
  }
}

/** 'Skip this step' is offered everywhere but the first and last steps. */
export function canSkip(step: StepId): boolean {
  return step !== 'welcome' && step !== 'complete';
}

/**
 * The request body, exactly the spec's fields. Texts are trimmed; an 'Other' text is kept
 * only while its 'other' choice is selected, and stress answers only while stress_relief is.
 */
export function wizardPayload(a: WizardAnswers): WizardAnswers {
  const stress = a.primaryGoal.includes('stress_relief');
  return {
    voiceComfortLevel: a.voiceComfortLevel,
    primaryGoal: a.primaryGoal,
    primaryGoalOther: a.primaryGoal.includes('something_else') ? a.primaryGoalOther.trim() : '',
    stressType: stress ? a.stressType : [],
    stressTypeOther: stress && a.stressType.includes('other') ? a.stressTypeOther.trim() : '',
    desiredFeeling: a.desiredFeeling,
    desiredFeelingOther: a.desiredFeeling.includes('other') ? a.desiredFeelingOther.trim() : '',
    embodimentWord: a.embodimentWord.trim(),
    practiceTime: a.practiceTime,
    practiceTimeOther: a.practiceTimeOther.trim(),
    name: a.name.trim(),
    pronouns: a.pronouns,
    pronounsOther: a.pronouns === 'other' ? a.pronounsOther.trim() : '',
    ageRange: a.ageRange,
    microphoneEnabled: a.microphoneEnabled,
  };
}

/** Toggles a value in a multiselect list. */
export function toggle(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
