import { z } from 'zod';
import { ApiError } from '../../lib/http';
import { lineText, multilineText } from '../../lib/text';

/** Option values of the onboarding wizard (spec: community-profile-tuning-wellness §3). */
export const PRIMARY_GOALS = [
  'stress_relief',
  'trust_my_voice',
  'find_calm',
  'connect_with_others',
  'express_freely',
  'be_present',
  'something_else',
] as const;
export const STRESS_TYPES = ['work', 'social', 'sleep', 'performance', 'general', 'other'] as const;
export const FEELINGS = [
  'calm',
  'grounded',
  'open',
  'empowered',
  'expressive',
  'authentic',
  'other',
] as const;
export const PRACTICE_TIMES = [
  'early_morning',
  'morning',
  'afternoon',
  'evening',
  'night',
  'late_night',
  'flexible',
] as const;
export const PRONOUNS = ['she_her', 'he_him', 'they_them', 'other', ''] as const;
export const AGE_RANGES = [
  'under_18',
  '18_24',
  '25_34',
  '35_44',
  '45_54',
  '55_64',
  '65_plus',
  'prefer_not_to_say',
  '',
] as const;

const MAX_TEXT = 200;
const text = lineText().trim().max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`).default('');
/** A multiselect: known values only, each at most once. */
const choices = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values, { message: `must be one of: ${values.join(', ')}` }))
    .max(values.length)
    .refine((a) => new Set(a).size === a.length, 'must not repeat a choice')
    .default([]);

/** Every step can be skipped, so everything but the slider (default 5) may be empty. */
export const wizardSchema = z.object({
  voiceComfortLevel: z
    .number({ message: 'must be a whole number from 1 to 10' })
    .int('must be a whole number from 1 to 10')
    .min(1, 'must be a whole number from 1 to 10')
    .max(10, 'must be a whole number from 1 to 10'),
  primaryGoal: choices(PRIMARY_GOALS),
  primaryGoalOther: text,
  stressType: choices(STRESS_TYPES),
  stressTypeOther: text,
  desiredFeeling: choices(FEELINGS),
  desiredFeelingOther: text,
  embodimentWord: text,
  practiceTime: choices(PRACTICE_TIMES),
  practiceTimeOther: text,
  name: text,
  pronouns: z.enum(PRONOUNS, { message: `must be one of: ${PRONOUNS.join(', ')} or empty` }).default(''),
  pronounsOther: text,
  ageRange: z.enum(AGE_RANGES, { message: `must be one of: ${AGE_RANGES.join(', ')} or empty` }).default(''),
  microphoneEnabled: z.boolean({ message: 'must be true or false' }).default(false),
});

const key = lineText().min(1).max(64);
/** The simple 4-step questionnaire: chosen option texts per question, plus "Other" texts. */
export const questionnaireSchema = z.object({
  answers: z
    .record(key, z.array(lineText().max(MAX_TEXT)).max(20, 'at most 20 choices per question'))
    .refine((o) => Object.keys(o).length <= 20, 'at most 20 questions'),
  otherTexts: z
    .record(key, multilineText().trim().max(500, 'must be at most 500 characters'))
    .refine((o) => Object.keys(o).length <= 20, 'at most 20 texts')
    .default({}),
});

export type OnboardingAnswers =
  | ({ kind: 'wizard' } & z.infer<typeof wizardSchema>)
  | ({ kind: 'questionnaire' } & z.infer<typeof questionnaireSchema>);

/**
 * Picks the schema by shape (a questionnaire has `answers`) rather than a zod union, so a
 * mistake is reported for the field that has it instead of as "no union member matched".
 */
export function parseOnboarding(raw: unknown): OnboardingAnswers {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ApiError(400, 'validation_failed', 'The request body must be a JSON object.');
  }
  const isQuestionnaire = 'answers' in raw;
  const parsed = (isQuestionnaire ? questionnaireSchema : wizardSchema).safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
    const [field, message] = Object.entries(fields)[0] ?? ['body', 'is invalid'];
    throw new ApiError(400, 'validation_failed', `Invalid ${field}: ${message}`, fields);
  }
  return isQuestionnaire
    ? { kind: 'questionnaire', ...(parsed.data as z.infer<typeof questionnaireSchema>) }
    : { kind: 'wizard', ...(parsed.data as z.infer<typeof wizardSchema>) };
}
