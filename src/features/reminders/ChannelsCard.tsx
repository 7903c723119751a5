import { useEffect, useId, useState } from 'react';
import type { ReminderChannel, ReminderSettings } from '../../domain/reminders';
import { writeErrorText } from '../../lib/outbox/online-only';
import { Button } from '../../ui/Button';
import { thisBrowserState, thisDeviceId } from './push-subscribe';
import { usePushDevice, useRegenerateCalendar, type RemindersView } from './reminders-api';
import styles from './Reminders.module.css';

type Change = (next: Partial<ReminderSettings>) => void;

const ORDER: ReminderChannel[] = ['push', 'email', 'calendar'];

/** How reminders arrive: notifications (per device), e-mail, a calendar feed. One or more. */
export function ChannelsCard({
  settings,
  view,
  onChange,
}: {
  settings: ReminderSettings;
  view: RemindersView;
  onChange: Change;
}) {
  const id = useId();
  const set = (channel: ReminderChannel, on: boolean) =>
    onChange({
      channels: on
        ? ORDER.filter((c) => c === channel || settings.channels.includes(c))
        : settings.channels.filter((c) => c !== channel),
    });
  const has = (c: ReminderChannel) => settings.channels.includes(c);
  return (
    <section className={styles.card} role="group" aria-labelledby={`${id}-how`}>
      <h2 className={styles.cardTitle} id={`${id}-how`}>
        how
      </h2>
      <div className={styles.checks}>
        <label className={styles.check}>
          <input type="checkbox" checked={has('push')} onChange={(e) => set('push', e.target.checked)} />
          <span className={styles.checkText}>
            <strong>a notification</strong>
            <span className={styles.hint}>On each device where you turn notifications on.</span>
          </span>
        </label>
        {(has('push') || view.devices.length > 0) && <PushDevices view={view} />}
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={has('email')}
            disabled={!view.email.confirmed && !has('email')}
            onChange={(e) => set('email', e.target.checked)}
          />
          <span className={styles.checkText}>
            <strong>an e-mail</strong>
            <span className={styles.hint}>
              {view.email.confirmed
                ? `To ${view.email.address}. Every e-mail has a link to stop them with one click.`
                : `Confirm your address (${view.email.address}) first: open the link in the mail we sent you.`}
            </span>
          </span>
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={has('calendar')}
            onChange={(e) => set('calendar', e.target.checked)}
          />
          <span className={styles.checkText}>
            <strong>an event in my calendar</strong>
            <span className={styles.hint}>
              A private calendar address any calendar app can subscribe to, with an alarm at your time.
            </span>
          </span>
        </label>
        {has('calendar') && <CalendarFeed view={view} />}
      </div>
    </section>
  );
}

type BrowserState = Awaited<ReturnType<typeof thisBrowserState>> | 'checking';

function PushDevices({ view }: { view: RemindersView }) {
  const { on, off, remove } = usePushDevice();
  const [browser, setBrowser] = useState<BrowserState>('checking');
  useEffect(() => {
    let live = true;
    void thisBrowserState().then((s) => live && setBrowser(s));
    return () => {
      live = false;
    };
  }, [on.isSuccess, off.isSuccess]);
  const hereId = thisDeviceId();
  const hereOn = browser === 'subscribed' && view.devices.some((d) => d.id === hereId);
  const failed = on.error ?? off.error ?? remove.error;
  return (
    <div className={styles.nested}>
      {browser === 'unsupported' ? (
        <p className={styles.hint}>
          This browser cannot receive notifications from Tuneful here. Turn them on from your phone, or choose
          e-mail or the calendar.
        </p>
      ) : browser === 'blocked' ? (
        <p className={styles.hint}>
          Notifications are blocked for Tuneful in this browser: allow them in the site settings (the lock by
          the address), then come back.
        </p>
      ) : hereOn ? (
        <div className={styles.row}>
          <span className={styles.hint}>Notifications are on for this device.</span>
          <Button variant="ghost" loading={off.isPending} onClick={() => off.mutate()}>
            turn off here
          </Button>
        </div>
      ) : (
        <Button
          variant="secondary"
          loading={on.isPending || browser === 'checking'}
          onClick={() => on.mutate()}
        >
          turn on notifications on this device
        </Button>
      )}
      {failed && (
        <p className={styles.error} role="alert">
          {writeErrorText(
            failed,
            failed instanceof Error ? failed.message : 'That did not work. Please try again.',
          )}
        </p>
      )}
      {view.devices.length > 0 ? (
        <ul className={styles.devices} aria-label="devices with notifications on">
          {view.devices.map((d) => (
            <li key={d.id} className={styles.device}>
              <span>
                {d.device}
                {d.id === hereId ? ' (this device)' : ''}
              </span>
              <button
                type="button"
                className={styles.linkButton}
                disabled={remove.isPending}
                onClick={() => remove.mutate(d.id)}
                aria-label={`remove ${d.device}`}
              >
                remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.hint}>No device has notifications on yet.</p>
      )}
    </div>
  );
}

function CalendarFeed({ view }: { view: RemindersView }) {
  const id = useId();
  const regenerate = useRegenerateCalendar();
  const [copied, setCopied] = useState<string | null>(null);
  if (!view.calendarUrl) {
    return (
      <div className={styles.nested}>
        <p className={styles.hint}>Save, and your calendar address appears here.</p>
      </div>
    );
  }
  const url = view.calendarUrl;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Copied. Paste it where your calendar app asks for a calendar by URL.');
    } catch {
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
      setCopied('Selected: copy it with your keyboard or the menu.');
    }
  };
  return (
    <div className={styles.nested}>
      <label className={styles.label} htmlFor={`${id}-url`}>
        your calendar address (keep it private)
      </label>
      <input
        id={`${id}-url`}
        className={styles.url}
        readOnly
        value={url}
        onFocus={(e) => e.target.select()}
      />
      <div className={styles.row}>
        <Button variant="secondary" onClick={() => void copy()}>
          copy address
        </Button>
        <a className={styles.plainLink} href={url} download="tuneful-practice.ics">
          download the calendar file
        </a>
      </div>
      <p className={styles.hint} role="status" aria-live="polite">
        {copied ??
          'In Google Calendar: Other calendars, From URL. On iPhone: Settings, Calendar, Accounts, Add Subscribed Calendar.'}
      </p>
      <div className={styles.row}>
        <button
          type="button"
          className={styles.linkButton}
          disabled={regenerate.isPending}
          onClick={() => regenerate.mutate(undefined, { onSuccess: () => setCopied(null) })}
        >
          make a new address
        </button>
        <span className={styles.hint}>The old address stops working at once.</span>
      </div>
      {regenerate.isError && (
        <p className={styles.error} role="alert">
          {writeErrorText(regenerate.error, 'Could not make a new address. Please try again.')}
        </p>
      )}
    </div>
  );
}
