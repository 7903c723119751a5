/** The spec's option values (community-profile §3) with readable labels. */
export interface Option {
  value: string;
  label: string;
}

export const PRONOUN_OPTIONS: Option[] = [
  { value: 'she_her', label: 'she/her' },
  { value: 'he_him', label: 'he/him' },
  { value: 'they_them', label: 'they/them' },
  { value: 'other', label: 'other' },
];

export const AGE_RANGE_OPTIONS: Option[] = [
  { value: 'under_18', label: 'Under 18' },
  { value: '18_24', label: '18–24' },
  { value: '25_34', label: '25–34' },
  { value: '35_44', label: '35–44' },
  { value: '45_54', label: '45–54' },
  { value: '55_64', label: '55–64' },
  { value: '65_plus', label: '65 or over' },
  { value: 'prefer_not_to_say', label: 'Prefer not to say' },
];

export const GOAL_OPTIONS: Option[] = [
  { value: 'stress_relief', label: 'Relieve stress' },
  { value: 'trust_my_voice', label: 'Trust my voice' },
  { value: 'find_calm', label: 'Find calm' },
  { value: 'connect_with_others', label: 'Connect with others' },
  { value: 'express_freely', label: 'Express myself freely' },
  { value: 'be_present', label: 'Be present' },
  { value: 'something_else', label: 'Something else' },
];

export const STRESS_OPTIONS: Option[] = [
  { value: 'work', label: 'Work' },
  { value: 'social', label: 'Social situations' },
  { value: 'sleep', label: 'Sleep' },
  { value: 'performance', label: 'Performing or presenting' },
  { value: 'general', label: 'General, everyday stress' },
  { value: 'other', label: 'Other' },
];

export const FEELING_OPTIONS: Option[] = [
  { value: 'calm', label: 'Calm' },
  { value: 'grounded', label: 'Grounded' },
  { value: 'open', label: 'Open' },
  { value: 'empowered', label: 'Empowered' },
  { value: 'expressive', label: 'Expressive' },
  { value: 'authentic', label: 'Authentic' },
  { value: 'other', label: 'Other' },
];

export const PRACTICE_TIME_OPTIONS: Option[] = [
  { value: 'early_morning', label: 'Early morning (6-9am)' },
  { value: 'morning', label: 'Morning (9am-12pm)' },
  { value: 'afternoon', label: 'Afternoon (12-5pm)' },
  { value: 'evening', label: 'Evening (5-8pm)' },
  { value: 'night', label: 'Night (8-11pm)' },
  { value: 'late_night', label: 'Late night (after 11pm)' },
  { value: 'flexible', label: 'Flexible' },
];

export function labelOf(options: Option[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}
