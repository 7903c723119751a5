import { tierFeature } from '../../domain/tier-features';
import { BackHeader } from '../../ui/BackHeader';
import { QueryBlock } from '../profile/QueryBlock';
import { FeatureGate } from '../tier-features/FeatureGate';
import { ReminderSettingsForm } from './ReminderSettingsForm';
import { useReminders } from './reminders-api';
import styles from './Reminders.module.css';

/**
 * /reminders (tier feature `practice_reminders`, level 3): when, about what and how a member is
 * reminded to practise. Below level 3 the gate explains; the server refuses the routes too.
 */
export function RemindersScreen() {
  return (
    <section className={styles.screen} aria-label="practice reminders">
      <BackHeader to="/profile" backLabel="back to profile" title="practice reminders" />
      <div className={styles.body}>
        <p className={styles.lead}>{tierFeature('practice_reminders').summary}</p>
        <FeatureGate feature="practice_reminders">
          <RemindersBlock />
        </FeatureGate>
      </div>
    </section>
  );
}

function RemindersBlock() {
  const reminders = useReminders();
  return (
    <QueryBlock query={reminders} what="your reminders">
      {(view) => <ReminderSettingsForm view={view} />}
    </QueryBlock>
  );
}
