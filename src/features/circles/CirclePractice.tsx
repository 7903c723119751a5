import { Link } from 'react-router-dom';
import { LOBBY_MS } from '../../domain/circles';
import { Button } from '../../ui/Button';
import { usePendingOfKind } from '../sync/pending-writes-queries';
import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import { usePractice, useRecordPractice, type CircleDetail } from './circles-api';
import { clock, formatWhen, weeklyWords } from './circles-text';
import styles from './VoiceCircles.module.css';

/** The circle's shared plan: its steps, and a link to practise it in the template player. */
export function CirclePlan({ circle }: { circle: CircleDetail }) {
  const t = circle.template;
  return (
    <section className={styles.section} aria-labelledby="circle-plan">
      <h2 id="circle-plan" className={styles.sectionTitle}>
        {t ? `Practice: ${t.title}` : 'Practice'}
      </h2>
      {t ? (
        <>
          <ol className={styles.steps}>
            {t.steps.map((s, i) => (
              <li key={i}>
                {s.text} <span className={styles.hint}>({clock(s.duration)})</span>
              </li>
            ))}
          </ol>
          <Link className={styles.linkButton} to={`/session/${t.id}`}>
            Open in the session player
          </Link>
        </>
      ) : (
        <p className={styles.hint}>No practice plan is available yet.</p>
      )}
    </section>
  );
}

/** Live circles: when the next session is, and the way in once its lobby opens. */
export function LiveEntry({ circle, nowMs }: { circle: CircleDetail; nowMs: number }) {
  if (!circle.scheduledTime) return null;
  const open = Date.parse(circle.scheduledTime) - LOBBY_MS <= nowMs;
  return (
    <section className={styles.section} aria-labelledby="circle-live">
      <h2 id="circle-live" className={styles.sectionTitle}>
        Next live session
      </h2>
      <p className={styles.description}>
        <time dateTime={circle.scheduledTime} data-testid="circle-next">
          {formatWhen(circle.scheduledTime, circle.timeZone)}
        </time>
        , {circle.duration} minutes. Everyone follows the same step at the same moment; no audio is shared.
      </p>
      <p className={styles.hint} data-testid="circle-schedule">
        {weeklyWords(circle.scheduledTime, circle.timeZone)}
      </p>
      {circle.isMember && open ? (
        <Link className={styles.linkButton} to={`/voice-circles/${circle.id}/live`}>
          Join the live session
        </Link>
      ) : (
        <p className={styles.hint}>
          {circle.isMember
            ? 'The session opens 15 minutes before it starts.'
            : 'Join the circle to take part.'}
        </p>
      )}
    </section>
  );
}

/** Asynchronous circles: who has done this week's practice (first names), and marking it done. */
export function WeeklyPractice({ circle }: { circle: CircleDetail }) {
  const practice = usePractice(circle.id, circle.isMember);
  const record = useRecordPractice(circle.id);
  const waiting = usePendingOfKind('circle-practice').some(
    (i) => i.url === `/api/voice-circles/${circle.id}/practice`,
  );
  const shown = useSavedBlock(practice, "this week's practice");
  if (!circle.isMember) return null;
  return (
    <section className={styles.section} aria-labelledby="circle-week">
      <h2 id="circle-week" className={styles.sectionTitle}>
        This week
      </h2>
      {shown.data === undefined ? (
        shown.fallback
      ) : (
        <>
          {shown.note}
          {shown.data.practisedBy.length === 0 ? (
            <p className={styles.hint}>Nobody has practised yet this week. Be the first!</p>
          ) : (
            <ul className={styles.names} aria-label="practised this week">
              {shown.data.practisedBy.map((n, i) => (
                <li key={`${n}-${i}`} className={styles.name}>
                  {n}
                </li>
              ))}
            </ul>
          )}
          {waiting && (
            <p className={styles.hint} data-testid="practice-waiting">
              Marked on this device: your circle sees it once you're back online.
            </p>
          )}
          {record.isError && (
            <p className={styles.error} role="alert">
              We couldn't save that just now. Please try again.
            </p>
          )}
          <Button
            type="button"
            variant={shown.data.practisedByMe ? 'secondary' : 'primary'}
            disabled={shown.data.practisedByMe || waiting || record.isPending}
            loading={record.isPending}
            onClick={() => record.mutate()}
          >
            {shown.data.practisedByMe || waiting
              ? "You've practised this week"
              : "I've done this week's practice"}
          </Button>
        </>
      )}
    </section>
  );
}
