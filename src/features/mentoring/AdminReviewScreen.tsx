import { useId, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { MAX_DECLINE_REASON } from '../../domain/mentoring';
import { writeErrorText } from '../../lib/outbox/online-only';
import { BackHeader } from '../../ui/BackHeader';
import { Button } from '../../ui/Button';
import { StateMessage } from '../../ui/StateMessage';
import { QueryBlock } from '../profile/QueryBlock';
import { useAdminMe, useDecide, useReviews, type Review } from './mentoring-api';
import styles from './Mentoring.module.css';

/**
 * /admin/review: the admins (ADMIN_EMAILS, docs/operations.md) approve or decline teaching
 * applications. Anyone else is told the screen is for admins (the API answers them 403).
 */
export function AdminReviewScreen() {
  const me = useAdminMe();
  return (
    <section className={styles.screen} aria-label="review teaching applications">
      <BackHeader to="/profile" backLabel="back to profile" title="teaching applications">
        <p className={styles.lead}>Approve or decline members’ applications to be certified teachers.</p>
      </BackHeader>
      <section className={styles.section}>
        <QueryBlock query={me} what="whether you are an admin">
          {(d) => (d.isAdmin ? <Applications /> : <NotAdmin />)}
        </QueryBlock>
      </section>
    </section>
  );
}

function NotAdmin() {
  return (
    <StateMessage
      kind="empty"
      title="This screen is for the app’s admins."
      hint="Admins are named by the people who run this installation. Your own application is at teaching certification."
    />
  );
}

function Applications() {
  const reviews = useReviews(true);
  // A 403 here means the admin list changed since this screen asked: say so rather than fail.
  if (reviews.error instanceof ApiRequestError && reviews.error.status === 403) return <NotAdmin />;
  return (
    <QueryBlock
      query={reviews}
      what="the applications"
      isEmpty={(d) => d.applications.length === 0}
      emptyText="No applications yet."
    >
      {(d) => (
        <ul className={styles.list} aria-label="applications">
          {d.applications.map((a) => (
            <li key={a.userId}>
              <ReviewCard review={a} />
            </li>
          ))}
        </ul>
      )}
    </QueryBlock>
  );
}

function ReviewCard({ review }: { review: Review }) {
  const id = useId();
  const decide = useDecide();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const decline = () => {
    if (!reason.trim()) return setProblem('Write the reason the member will read.');
    setProblem(null);
    decide.mutate({ userId: review.userId, decision: 'decline', reason: reason.trim() });
  };
  return (
    <article className={styles.card} aria-labelledby={`${id}-name`}>
      <p className={styles.kicker}>{review.status}</p>
      <h2 id={`${id}-name`} className={styles.sectionTitle}>
        {review.firstName} <span className={styles.muted}>({review.email})</span>
      </h2>
      <p>
        <span className={styles.kicker}>teaches: </span>
        {review.teaches}
      </p>
      <p className={styles.note}>{review.statement}</p>
      {review.links.map((l) => (
        <a key={l} className={styles.link} href={l} rel="noreferrer noopener" target="_blank">
          {l}
        </a>
      ))}
      <dl className={styles.facts}>
        <dt>days practised</dt>
        <dd>{review.record.daysPractised}</dd>
        <dt>sessions</dt>
        <dd>{review.record.sessions.toLocaleString('en')}</dd>
        <dt>minutes</dt>
        <dd>{review.record.minutes.toLocaleString('en')}</dd>
      </dl>
      {review.status === 'submitted' ? (
        <>
          <label className={styles.label} htmlFor={`${id}-reason`}>
            reason (needed to decline)
          </label>
          <textarea
            id={`${id}-reason`}
            className={styles.textarea}
            value={reason}
            maxLength={MAX_DECLINE_REASON}
            onChange={(e) => setReason(e.target.value)}
          />
          {problem && (
            <p className={styles.error} role="alert">
              {problem}
            </p>
          )}
          <div className={styles.actions}>
            <Button
              type="button"
              loading={decide.isPending}
              onClick={() => decide.mutate({ userId: review.userId, decision: 'approve', reason: '' })}
            >
              approve
            </Button>
            <Button type="button" variant="secondary" loading={decide.isPending} onClick={decline}>
              decline
            </Button>
          </div>
        </>
      ) : (
        review.reason && <p>Reason given: “{review.reason}”</p>
      )}
      {decide.error && (
        <p className={styles.error} role="alert">
          {writeErrorText(decide.error, 'The decision did not go through. Try again in a moment.')}
        </p>
      )}
    </article>
  );
}
