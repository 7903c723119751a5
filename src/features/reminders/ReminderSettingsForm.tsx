import { useState } from 'react';
import type { ReminderSettings } from '../../domain/reminders';
import { writeErrorText } from '../../lib/outbox/online-only';
import { Button } from '../../ui/Button';
import { usePendingOfKind } from '../sync/pending-writes-queries';
import { ChannelsCard } from './ChannelsCard';
import { nextText, recentText } from './reminder-text';
import { REMINDER_WRITE, useSaveReminders, useTestReminder, type RemindersView } from './reminders-api';
import { TopicsCard, WhenCard } from './SettingsCards';
import styles from './Reminders.module.css';

const same = (a: ReminderSettings, b: ReminderSettings) => JSON.stringify(a) === JSON.stringify(b);

/** What must be fixed before saving, in words; the server says the same with a 400. */
export function problemOf(s: ReminderSettings): string | null {
  if (s.channels.length === 0) return null;
  if (s.days.length === 0) return 'Choose at least one day.';
  if (s.topics.length === 0) return 'Choose at least one thing to be reminded of.';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(s.time)) return 'Choose a time.';
  return null;
}

/** The settings screen's body: the choice, saving it, what happens today, a test, and recent sends. */
export function ReminderSettingsForm({ view }: { view: RemindersView }) {
  const save = useSaveReminders();
  const pending = usePendingOfKind(REMINDER_WRITE);
  // A save waiting in the outbox is what the member chose last: shown until it is sent.
  const waiting = pending.length > 0 ? (pending[pending.length - 1]!.body as ReminderSettings) : null;
  const stored: ReminderSettings = waiting
    ? { days: waiting.days, time: waiting.time, topics: waiting.topics, channels: waiting.channels }
    : view.settings;
  const [draft, setDraft] = useState<ReminderSettings | null>(null);
  const [tried, setTried] = useState(false);
  const settings = draft ?? stored;
  const dirty = draft !== null && !same(draft, stored);
  const problem = problemOf(settings);
  const change = (next: Partial<ReminderSettings>) => {
    setDraft({ ...settings, ...next });
    save.reset();
  };
  const submit = () => {
    setTried(true);
    if (problem) return;
    save.mutate(settings, {
      onSuccess: (sent) => {
        if (!sent.queued) setDraft(null);
      },
    });
  };
  return (
    <form
      className={styles.body}
      style={{ padding: 0 }}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <WhenCard settings={settings} view={view} onChange={change} />
      <TopicsCard settings={settings} onChange={change} />
      <ChannelsCard settings={settings} view={view} onChange={change} />
      <div className={styles.saveBar}>
        <Button type="submit" block loading={save.isPending} disabled={!dirty && view.saved && !waiting}>
          save reminders
        </Button>
        {tried && problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
        {save.isError && (
          <p className={styles.error} role="alert">
            {writeErrorText(save.error, 'Could not save your reminders. Please try again.')}
          </p>
        )}
        <p className={styles.hint} role="status" aria-live="polite">
          {waiting
            ? 'Waiting to sync: saved on this device, sent when you are back online.'
            : dirty
              ? 'Not saved yet.'
              : save.isSuccess
                ? 'Saved.'
                : view.saved
                  ? ''
                  : 'These are suggestions: nothing is sent until you save.'}
        </p>
      </div>
      <section className={styles.card} aria-labelledby="reminders-today">
        <h2 className={styles.cardTitle} id="reminders-today">
          on a day you have practised
        </h2>
        <p className={styles.hint}>
          No reminder is sent on a day you have already practised a session that counts (at least half of it,
          the same rule as your streak). Shorter practice does not stop it, and the streak reminder says what
          is still needed.
        </p>
        <p data-testid="reminders-next">{nextText({ ...view, settings: stored })}</p>
      </section>
      <TestReminder view={view} dirty={dirty || waiting !== null} />
      {view.recent.length > 0 && (
        <section className={styles.card} aria-labelledby="reminders-recent">
          <h2 className={styles.cardTitle} id="reminders-recent">
            lately
          </h2>
          <ul className={styles.recent}>
            {view.recent.map((r, i) => (
              <li key={`${r.localDate}-${r.channel}-${i}`}>{recentText(r)}</li>
            ))}
          </ul>
        </section>
      )}
    </form>
  );
}

function TestReminder({ view, dirty }: { view: RemindersView; dirty: boolean }) {
  const test = useTestReminder();
  const none = view.settings.channels.length === 0;
  return (
    <section className={styles.card} aria-labelledby="reminders-test">
      <h2 className={styles.cardTitle} id="reminders-test">
        try it
      </h2>
      <p className={styles.hint}>
        {none
          ? 'Choose how to be reminded and save; then you can send yourself a test.'
          : dirty
            ? 'Save your changes first: the test uses what is saved.'
            : 'Sends a reminder now, the way you chose, and says what happened.'}
      </p>
      <Button
        type="button"
        variant="secondary"
        loading={test.isPending}
        disabled={none || dirty}
        onClick={() => test.mutate()}
      >
        send me a test reminder
      </Button>
      {test.isError && (
        <p className={styles.error} role="alert">
          {writeErrorText(test.error, 'The test could not be sent. Please try again.')}
        </p>
      )}
      {test.data && (
        <ul className={styles.results} role="status" aria-label="what happened">
          {test.data.results.map((r, i) => (
            <li key={i} className={r.ok ? styles.ok : styles.notOk}>
              {r.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
