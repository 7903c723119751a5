// What a voice goal may aim at (issue 21): the measured metrics of voice health, each in its own
// unit, shared by the goals route (server/api/growth) and the goal form, so the form's limits and
// the server's 400 say the same. The spec's five goal keys stay; resonance and tension have no
// validated measure from a phone recording, so a new goal on them is refused rather than aimed
// at a number we would have to make up.

export type GoalMetricKey =
  'voiceQualityScore' | 'resonanceLevel' | 'breathSupport' | 'tonalClarity' | 'vocalTension' | 'voiceRange';
export type MeasuredGoalMetric = 'voiceQualityScore' | 'tonalClarity' | 'breathSupport' | 'voiceRange';
export type UnmeasuredGoalMetric = Exclude<GoalMetricKey, MeasuredGoalMetric>;

export const GOAL_METRIC_KEYS: readonly GoalMetricKey[] = [
  'voiceQualityScore',
  'resonanceLevel',
  'breathSupport',
  'tonalClarity',
  'vocalTension',
  'voiceRange',
];

/**
 * The range a target may take, in the metric's unit. AVQI: the index's own range (about 0 to
 * 10; lower is better). CPPS: 0 dB (no cepstral peak) to the assessment's upper bound of 50 dB.
 * Maximum phonation time: 1 s to 100 s (healthy adults hold about 15-35 s; the stored goal
 * column holds 0-100). Voice range (issue 31, from the range checks): 1 to 60 semitones (five
 * octaves, beyond any voice).
 */
export const GOAL_TARGETS: Record<
  MeasuredGoalMetric,
  { min: number; max: number; unit: string; name: string }
> = {
  voiceQualityScore: { min: 0, max: 10, unit: '', name: 'an AVQI' },
  tonalClarity: { min: 0, max: 50, unit: ' dB', name: 'a CPPS' },
  breathSupport: { min: 1, max: 100, unit: ' s', name: 'a maximum phonation time' },
  voiceRange: { min: 1, max: 60, unit: ' semitones', name: 'a voice range' },
};

export const UNMEASURED_GOAL_NAMES: Record<UnmeasuredGoalMetric, string> = {
  resonanceLevel: 'resonance',
  vocalTension: 'tension level',
};

export function isMeasuredGoalMetric(metric: GoalMetricKey): metric is MeasuredGoalMetric {
  return metric in GOAL_TARGETS;
}

/** The first problem of a new goal as [field, message], or null when it can be measured. */
export function goalTargetProblem(metric: GoalMetricKey, targetValue: number): [string, string] | null {
  if (!isMeasuredGoalMetric(metric))
    return [
      'metric',
      `${UNMEASURED_GOAL_NAMES[metric]} is not measured yet (no validated measure comes from a phone recording), so a goal on it could not be followed; choose voiceQualityScore, tonalClarity, breathSupport or voiceRange`,
    ];
  const { min, max, unit, name } = GOAL_TARGETS[metric];
  if (targetValue < min || targetValue > max)
    return ['targetValue', `${name} target must be from ${min} to ${max}${unit}`];
  return null;
}
