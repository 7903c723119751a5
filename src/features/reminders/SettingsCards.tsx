import { useId } from 'react';
import {
  dayName,
  TOPICS,
  WEEKDAYS,
  sortedDays,
  type ReminderSettings,
  type ReminderTopic,
} from '../../domain/reminders';
import { thisDeviceZone, timeIn, zoneWords } from './reminder-text';
import type { RemindersView } from './reminders-api';
import styles from './Reminders.module.css';

type Change = (next: Partial<ReminderSettings>) => void;

const SHORT = { mon: 'M', tue: 'T', wed: 'W', thu: 'T', fri: 'F', sat: 'S', sun: 'S' } as const;

/** The days (toggle buttons, Monday first), the time, and the zone they are in, in words. */
export function WhenCard({
  settings,
  view,
  onChange,
}: {
  settings: ReminderSettings;
  view: RemindersView;
  onChange: Change;
}) {
  const id = useId();
  const deviceZone = thisDeviceZone();
  const toggle = (d: (typeof WEEKDAYS)[number]) =>
    onChange({
      days: settings.days.includes(d)
        ? settings.days.filter((x) => x !== d)
        : sortedDays([...settings.days, d]),
    });
  return (
    <section className={styles.card} aria-labelledby={`${id}-when`}>
      <h2 className={styles.cardTitle} id={`${id}-when`}>
        when
      </h2>
      <span className={styles.label} id={`${id}-days`}>
        days
      </span>
      <div className={styles.days} role="group" aria-labelledby={`${id}-days`}>
        {WEEKDAYS.map((d) => (
          <button
            key={d}
            type="button"
            className={styles.day}
            aria-pressed={settings.days.includes(d)}
            aria-label={dayName(d)}
            onClick={() => toggle(d)}
          >
            {SHORT[d]}
          </button>
        ))}
      </div>
      <label className={styles.label} htmlFor={`${id}-time`}>
        time
      </label>
      <input
        id={`${id}-time`}
        className={styles.time}
        type="time"
        required
        value={settings.time}
        onChange={(e) => e.target.value && onChange({ time: e.target.value.slice(0, 5) })}
      />
      <p className={styles.zone} data-testid="reminder-zone">
        Times are in your time zone, {zoneWords(view.zone)}: it is {timeIn(view.zone)} there now.
        {view.zoneNext ? (
          <>
            {' '}
            Your device reported {zoneWords(view.zoneNext.zone)}; your reminders follow it from the day after{' '}
            {view.zoneNext.after}.
          </>
        ) : (
          deviceZone &&
          deviceZone !== view.zone && (
            <>
              {' '}
              This device is set to {zoneWords(deviceZone)}: saving tells Tuneful, and your reminders follow
              it {view.zoneKnown ? 'from tomorrow' : 'at once'}.
            </>
          )
        )}
      </p>
    </section>
  );
}

const TOPIC_TEXT: Record<ReminderTopic, { title: string; hint: string }> = {
  recommendation: {
    title: "today's suggestion",
    hint: 'The session your home screen recommends today, with a link that opens it.',
  },
  streak: {
    title: 'my streak, when it is at risk',
    hint: 'Only when you have a streak going and have not practised that day yet.',
  },
  circle: {
    title: "my circles' next sessions",
    hint: 'When a voice circle of yours meets within the next day.',
  },
};

export function TopicsCard({ settings, onChange }: { settings: ReminderSettings; onChange: Change }) {
  const id = useId();
  return (
    <section className={styles.card} role="group" aria-labelledby={`${id}-what`}>
      <h2 className={styles.cardTitle} id={`${id}-what`}>
        what to be reminded of
      </h2>
      <div className={styles.checks}>
        {TOPICS.map((topic) => (
          <label key={topic} className={styles.check}>
            <input
              type="checkbox"
              checked={settings.topics.includes(topic)}
              onChange={(e) =>
                onChange({
                  topics: e.target.checked
                    ? TOPICS.filter((t) => t === topic || settings.topics.includes(t))
                    : settings.topics.filter((t) => t !== topic),
                })
              }
            />
            <span className={styles.checkText}>
              <strong>{TOPIC_TEXT[topic].title}</strong>
              <span className={styles.hint}>{TOPIC_TEXT[topic].hint}</span>
            </span>
          </label>
        ))}
      </div>
    </section>
  );
}
