import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { getOutbox } from '../../lib/outbox/offline-writes';
import type { OutboxItem, SendNowResult } from '../../lib/outbox/outbox';
import { StateMessage } from '../../ui/StateMessage';
import { describeWrite, madeAt, triesText } from './describe-write';
import { DiscardWriteDialog } from './DiscardWriteDialog';
import { usePendingWrites } from './pending-writes-queries';
import styles from './PendingWrites.module.css';

/** The anchor the "waiting to sync" note links to. */
export const PENDING_WRITES_ID = 'waiting-to-sync';

function resultText(title: string, r: SendNowResult): string {
  switch (r.kind) {
    case 'sent':
      return `Sent: ${title}.`;
    case 'refused':
      return `Tuneful did not accept ${title.toLowerCase()}, so it was removed: ${r.message}`;
    case 'waiting':
      return `Not sent yet: ${r.message}. It stays here and is tried again later.`;
    case 'gone':
      return `${title} is no longer waiting: it was already sent.`;
    case 'busy':
      return 'Another tab is sending right now. Try again in a moment.';
  }
}

/**
 * The profile's "Waiting to sync": every write of this member kept in the offline outbox, with
 * what it is, when it was made, how often it was tried and why the last try failed, and "Send
 * now" and "Discard" for each. Everything here is on this device only.
 */
export function PendingWritesSection() {
  const list = usePendingWrites();
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();

  // Arrived from the "waiting to sync" note: bring the list into view once it has loaded.
  const arrived = hash === `#${PENDING_WRITES_ID}`;
  const loaded = list.isSuccess;
  useEffect(() => {
    if (!arrived || !loaded) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    heading.current?.scrollIntoView?.({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [arrived, loaded]);

  // A row that goes away takes the focus with it: the heading gets it back.
  const settle = (message: string) => {
    setSaid(message);
    heading.current?.focus({ preventScroll: true });
  };

  return (
    <section className={styles.card} aria-labelledby="pending-writes-title" id={PENDING_WRITES_ID}>
      <h2 id="pending-writes-title" className={styles.cardTitle} ref={heading} tabIndex={-1}>
        Waiting to sync
      </h2>
      {list.isPending ? (
        <StateMessage kind="loading" title="Reading what is waiting…" />
      ) : list.isError ? (
        <StateMessage
          kind="error"
          title="We couldn't read what is waiting to sync."
          onRetry={() => void list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <StateMessage
          kind="empty"
          title="Nothing is waiting to sync."
          hint="What you save without a connection waits here until it is sent."
        />
      ) : (
        <ul className={styles.list} aria-label="writes waiting to sync">
          {list.data.map((item) => (
            <PendingWriteRow key={item.key} item={item} onSettled={settle} onSaid={setSaid} />
          ))}
        </ul>
      )}
      <p className={styles.said} role="status">
        {said}
      </p>
      <p className={styles.explain}>
        Kept on this device and sent by themselves when you are back online. Anything older than 8 days is
        dropped unsent.
      </p>
    </section>
  );
}

function PendingWriteRow({
  item,
  onSettled,
  onSaid,
}: {
  item: OutboxItem;
  onSettled: (message: string) => void;
  onSaid: (message: string) => void;
}) {
  const text = describeWrite(item);
  const [sending, setSending] = useState(false);
  const sendNow = async () => {
    setSending(true);
    onSaid('');
    try {
      const result = await getOutbox().sendNow(item.key);
      const message = resultText(text.title, result);
      // Sent, refused or gone: the row leaves the list; otherwise it stays with the focus.
      if (result.kind === 'waiting' || result.kind === 'busy') onSaid(message);
      else onSettled(message);
    } catch (err) {
      console.warn('Could not send the queued write', err);
      onSaid('Could not send it. Try again.');
    } finally {
      setSending(false);
    }
  };
  const when = madeAt(item.occurredAt);
  return (
    <li className={styles.row} data-testid="pending-write">
      <div className={styles.text}>
        <span className={styles.what}>{text.title}</span>
        {text.excerpt && <span className={styles.excerptLine}>“{text.excerpt}”</span>}
        <span className={styles.meta}>
          {when && <>Made {when} · </>}
          {triesText(item.attempts)}
        </span>
        {item.lastError && <span className={styles.lastError}>Last try: {item.lastError}</span>}
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.sendButton}
          onClick={() => void sendNow()}
          disabled={sending}
          aria-busy={sending || undefined}
          aria-label={`Send now: ${text.title}`}
        >
          {sending ? 'Sending…' : 'Send now'}
        </button>
        <DiscardWriteDialog
          text={text}
          onDiscard={() => getOutbox().discard(item.key)}
          onDiscarded={() => onSettled(`Discarded: ${text.title}.`)}
        />
      </div>
    </li>
  );
}
