import { FEELING_OPTIONS, GOAL_OPTIONS, PRACTICE_TIME_OPTIONS, labelOf } from './options';
import type { WizardAnswers } from './wizard-model';
import styles from './Wizard.module.css';

const list = (values: string[], options: Parameters<typeof labelOf>[0]) =>
  values.map((v) => labelOf(options, v).toLowerCase()).join(', ');

/** The personalised summary of the last step: only what the member actually told us. */
export function CompleteSummary({ answers }: { answers: WizardAnswers }) {
  const rows: [string, string][] = [];
  if (answers.primaryGoal.length) {
    // 'Something else' reads better as the member's own words, when they gave them.
    const own = answers.primaryGoalOther.trim();
    const goals = own ? answers.primaryGoal.filter((g) => g !== 'something_else') : answers.primaryGoal;
    rows.push(['You came to', [list(goals, GOAL_OPTIONS), own].filter(Boolean).join(', ')]);
  }
  if (answers.desiredFeeling.length)
    rows.push(['You want to feel', list(answers.desiredFeeling, FEELING_OPTIONS)]);
  if (answers.embodimentWord.trim()) rows.push(['Your word', answers.embodimentWord.trim()]);
  if (answers.practiceTime.length)
    rows.push(['You like to practise', list(answers.practiceTime, PRACTICE_TIME_OPTIONS)]);
  rows.push(['Voice comfort today', `${answers.voiceComfortLevel} of 10`]);
  return (
    <dl className={styles.summary}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.summaryRow}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
