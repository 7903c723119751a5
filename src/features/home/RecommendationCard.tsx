import { Button } from '../../ui/Button';
import { useWarmPlayer } from '../player/use-warm-player';
import { minutesLabel, roundedMinutes } from '../sessions/format';
import { openSession } from '../sessions/open-session';
import { useRecommendation } from '../sessions/queries';
import { ToneTokens } from '../sessions/ToneTokens';
import styles from './HomeScreen.module.css';

/** Spec core §2/§9: fallback title and a 15-minute default when no session is known. */
export const FALLBACK_TITLE = 'gentle voice awakening';
export const DEFAULT_MINUTES = 15;

export function RecommendationCard() {
  const { data: session, isPending, isError, refetch } = useRecommendation();
  // Issue 20: the tap on "begin today's journey" only has to start playing.
  useWarmPlayer(session);
  const title = session?.title ?? FALLBACK_TITLE;
  const minutes = roundedMinutes(session?.lengthSec, DEFAULT_MINUTES);
  return (
    <section className={styles.recommendation} aria-labelledby="todays-recommendation">
      <p id="todays-recommendation" className={styles.eyebrow}>
        today's recommendation
      </p>
      <h2 className={styles.recTitle} data-testid="recommendation-title">
        {title}
      </h2>
      <p className={styles.recMeta}>
        <span>{minutesLabel(minutes)}</span>
        {session && <ToneTokens level={session.skillLevel} />}
      </p>
      {isError && (
        <p className={styles.recError}>
          We couldn't pick a session just now.{' '}
          <button type="button" className={styles.linkButton} onClick={() => void refetch()}>
            try again
          </button>
        </p>
      )}
      <Button
        block
        loading={isPending && !isError}
        disabled={!session}
        onClick={() => session && openSession(session)}
      >
        begin today's journey
      </Button>
    </section>
  );
}
