/**
 * The simple 4-step onboarding questionnaire (spec: community-profile §2, §5, §9). The spec
 * fixes the shape (8, 8, 8 and 6 options; 'Other' on steps 1 and 2; at most 3 on step 4)
 * but not the wording, so the questions below are ours.
 */
export interface Question {
  id: string;
  title: string;
  subtitle?: string;
  type: 'multiple' | 'limited';
  maxSelections?: number;
  options: string[];
}

export const OTHER = 'Other';

export const QUESTIONS: Question[] = [
  {
    id: 'voice_goals',
    title: 'What brings you to your voice practice?',
    type: 'multiple',
    options: [
      'Feel calmer',
      'Speak with confidence',
      'Sing more freely',
      'Reduce stress',
      'Connect with others',
      'Heal and restore',
      'Have fun',
      OTHER,
    ],
  },
  {
    id: 'voice_feeling',
    title: 'How does your voice feel most days?',
    type: 'multiple',
    options: [
      'Tight or tense',
      'Quiet or held back',
      'Tired',
      'Shaky',
      'Strong',
      'Curious',
      'It changes a lot',
      OTHER,
    ],
  },
  {
    id: 'practice_moments',
    title: 'When would you like to practise?',
    type: 'multiple',
    options: [
      'Early morning',
      'Morning',
      'Lunch break',
      'Afternoon',
      'Evening',
      'Before bed',
      'On my commute',
      'Whenever I can',
    ],
  },
  {
    id: 'hoped_feelings',
    title: 'How would you like to feel after practising?',
    subtitle: '(choose up to 3)',
    type: 'limited',
    maxSelections: 3,
    options: ['Calm', 'Grounded', 'Energised', 'Confident', 'Expressive', 'Joyful'],
  },
];

export type Answers = Record<string, string[]>;
export type OtherTexts = Record<string, string>;

/** Selecting a chosen option deselects it; a full limited question ignores new choices. */
export function toggleOption(question: Question, selected: string[], option: string): string[] {
  if (selected.includes(option)) return selected.filter((o) => o !== option);
  if (isAtLimit(question, selected)) return selected;
  return [...selected, option];
}

export function isAtLimit(question: Question, selected: string[]): boolean {
  return question.maxSelections !== undefined && selected.length >= question.maxSelections;
}

/** Once a limited question is full, every option not chosen is disabled (and dimmed). */
export function isOptionDisabled(question: Question, selected: string[], option: string): boolean {
  return isAtLimit(question, selected) && !selected.includes(option);
}

/** Next / Complete wait for at least one selection; 'Skip' is always allowed. */
export function canAdvance(selected: string[] | undefined): boolean {
  return (selected?.length ?? 0) > 0;
}

export const otherKey = (questionId: string) => `${questionId}_other`;

/** The stored and posted payload: only 'Other' texts whose question still has Other chosen. */
export function buildQuestionnairePayload(answers: Answers, otherTexts: OtherTexts) {
  const texts: OtherTexts = {};
  for (const q of QUESTIONS) {
    const text = otherTexts[otherKey(q.id)]?.trim();
    if (text && answers[q.id]?.includes(OTHER)) texts[otherKey(q.id)] = text;
  }
  const chosen: Answers = {};
  for (const q of QUESTIONS) chosen[q.id] = answers[q.id] ?? [];
  return { answers: chosen, otherTexts: texts };
}

/** "n of 4" and the progress bar's percentage for step index i (0-based). */
export function progressOf(index: number): { label: string; percent: number } {
  return {
    label: `${index + 1} of ${QUESTIONS.length}`,
    percent: Math.round(((index + 1) / QUESTIONS.length) * 100),
  };
}
