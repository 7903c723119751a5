import { Link } from 'react-router-dom';
import { writeErrorText } from '../../lib/outbox/online-only';
import { Button } from '../../ui/Button';
import { useJoinCircle, type VoiceCircle } from './circles-api';
import { focusLabel, formatWhen, isFull, skillLabel, typeLabel, weeklyWords } from './circles-text';
import styles from './VoiceCircles.module.css';

/**
 * One circle: focus area ('General' when blank), skill level, type, participants n / max,
 * duration and, for a live circle, its weekly schedule and next session in the member's own
 * zone (sent with the circle). Join is disabled when the circle is full or while joining (spec §4).
 */
export function CircleCard({ circle }: { circle: VoiceCircle }) {
  const join = useJoinCircle();
  const full = isFull(circle);
  const joinError = join.error ? writeErrorText(join.error, 'Could not join just now.') : null;
  return (
    <li className={styles.card} data-testid="circle-card">
      <div className={styles.cardTop}>
        <h2 className={styles.cardName}>
          <Link className={styles.cardLink} to={`/voice-circles/${circle.id}`}>
            {circle.name}
          </Link>
        </h2>
        {circle.isPrivate && <span className={styles.chipQuiet}>Private</span>}
      </div>
      {circle.description && <p className={styles.description}>{circle.description}</p>}
      <ul className={styles.chips} aria-label="about this circle">
        <li className={styles.chip}>{focusLabel(circle.focusArea)}</li>
        <li className={styles.chipQuiet}>{skillLabel(circle.skillLevel)}</li>
        <li className={styles.chipQuiet}>{typeLabel(circle.sessionType)}</li>
      </ul>
      <dl className={styles.facts}>
        <dt>Participants</dt>
        <dd data-testid="participants">
          {circle.currentParticipants} / {circle.maxParticipants}
        </dd>
        <dt>Duration</dt>
        <dd>{circle.duration} min</dd>
        {circle.scheduledTime ? (
          <>
            <dt>Meets</dt>
            <dd data-testid="circle-schedule">{weeklyWords(circle.scheduledTime, circle.timeZone)}</dd>
            <dt>Next session</dt>
            <dd>
              <time dateTime={circle.scheduledTime} data-testid="circle-next">
                {formatWhen(circle.scheduledTime, circle.timeZone)}
              </time>
            </dd>
          </>
        ) : (
          <>
            <dt>Practice</dt>
            <dd>Any time this week</dd>
          </>
        )}
      </dl>
      {joinError && (
        <p className={styles.error} role="alert">
          {joinError}
        </p>
      )}
      <div className={styles.cardFoot}>
        {circle.isMember ? (
          <Link className={styles.linkButton} to={`/voice-circles/${circle.id}`}>
            Open circle
          </Link>
        ) : (
          <Button
            type="button"
            disabled={full || join.isPending}
            loading={join.isPending}
            aria-label={full ? `${circle.name} is full` : `Join ${circle.name}`}
            onClick={() => join.mutate({ id: circle.id })}
          >
            {full ? 'Full' : join.isPending ? 'Joining...' : 'Join'}
          </Button>
        )}
      </div>
    </li>
  );
}
