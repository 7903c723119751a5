import { Link } from 'react-router-dom';
import { ApiRequestError } from '../../lib/api';
import { writeErrorText } from '../../lib/outbox/online-only';
import { Button } from '../../ui/Button';
import { StateMessage } from '../../ui/StateMessage';
import { useCircle, useJoinCircle, type CircleDetail } from './circles-api';
import { isFull } from './circles-text';
import styles from './VoiceCircles.module.css';

/** True for the server's answer about a private circle the caller is not in. */
export function isPrivateCircleAnswer(err: unknown): boolean {
  return err instanceof ApiRequestError && err.serverCode === 'circle_private';
}

/** "Speak up is Ana’s circle." (or "your circle", or one the app made). */
export function whoseCircle(circle: Pick<CircleDetail, 'name' | 'hostName' | 'isCreator'>): string {
  if (circle.isCreator) return `${circle.name} is your circle.`;
  return circle.hostName
    ? `${circle.name} is ${circle.hostName}’s circle.`
    : `${circle.name} is open to everyone.`;
}

/** A private circle seen from outside: said plainly, not as an error; nothing more about it. */
export function PrivateCircle() {
  return (
    <>
      <StateMessage
        kind="empty"
        title="This circle is private"
        hint="Only its members can see it and take part. A member can send you its invite link."
      />
      <Link className={styles.linkButton} to="/voice-circles">
        Find a circle to join
      </Link>
    </>
  );
}

/**
 * A live session of a circle the member is not in: whose circle it is and a way to join it
 * (a public circle), or plainly that it is private. `onJoined` opens the session once in.
 */
export function JoinToTakePart({ circleId, onJoined }: { circleId: number; onJoined: () => void }) {
  const circle = useCircle(circleId, null);
  const join = useJoinCircle();
  if (circle.isPending) return <StateMessage kind="loading" title="loading…" />;
  if (isPrivateCircleAnswer(circle.error)) return <PrivateCircle />;
  if (!circle.data)
    return (
      <StateMessage
        kind="error"
        title="We couldn't load this circle just now."
        onRetry={() => void circle.refetch()}
      />
    );
  const c = circle.data;
  const full = isFull(c);
  return (
    <section className={styles.section} aria-labelledby="join-to-take-part">
      <h2 id="join-to-take-part" className={styles.stepText}>
        {whoseCircle(c)}
      </h2>
      <p className={styles.hint}>
        {full
          ? 'Its live sessions are for its members, and every place is taken.'
          : `Join it to take part in its live sessions: ${c.currentParticipants} of ${c.maxParticipants} places are taken.`}
      </p>
      <Button
        type="button"
        block
        disabled={full || join.isPending}
        loading={join.isPending}
        onClick={() => join.mutate({ id: c.id }, { onSuccess: onJoined })}
      >
        {full ? 'This circle is full' : 'Join the circle'}
      </Button>
      {join.error && (
        <p className={styles.error} role="alert">
          {writeErrorText(join.error, 'Something went wrong. Please try again.')}
        </p>
      )}
    </section>
  );
}
