import { Link } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { OfflineAvailability, useIsDownloaded } from '../offline/OfflineAvailability';
import { useNetworkStore } from '../offline/network-store';
import { SavedNote } from '../offline/saved-data/SavedNote';
import { useQueryView } from '../offline/saved-data/use-query-view';
import { useWarmPlayer } from '../player/use-warm-player';
import { minutesLabel, roundedMinutes } from '../sessions/format';
import { openSession } from '../sessions/open-session';
import { useRecommendation } from '../sessions/queries';
import { isInstrumentalOnly } from '../sessions/session';
import { ToneTokens } from '../sessions/ToneTokens';
import styles from './HomeScreen.module.css';

/** Spec core §2/§9: fallback title and a 15-minute default when no session is known. */
export const FALLBACK_TITLE = 'gentle voice awakening';
export const DEFAULT_MINUTES = 15;

export function RecommendationCard() {
  const query = useRecommendation();
  const view = useQueryView(query);
  const session = view.kind === 'data' ? view.data : undefined;
  const online = useNetworkStore((s) => s.online);
  const downloaded = useIsDownloaded(session?.id ?? 0);
  // Issue 20: the tap on "begin today's journey" only has to start playing. Offline there is
  // nothing to sign or fetch ahead: a downloaded session plays from the device.
  useWarmPlayer(online ? session : undefined);
  const title = session?.title ?? FALLBACK_TITLE;
  const minutes = roundedMinutes(session?.lengthSec, DEFAULT_MINUTES);
  // Offline, only a downloaded session can play: anything else is explained, not left disabled.
  const playable = session !== undefined && (online || downloaded);
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
        {session && <ToneTokens level={session.skillLevel} listening={isInstrumentalOnly(session)} />}
        {session && <OfflineAvailability sessionId={session.id} />}
      </p>
      {view.kind === 'data' && <SavedNote savedAt={view.savedAt} />}
      {view.kind === 'error' && (
        <p className={styles.recError}>
          We couldn't pick a session just now.{' '}
          <button type="button" className={styles.linkButton} onClick={() => void query.refetch()}>
            try again
          </button>
        </p>
      )}
      {!playable && view.kind !== 'loading' && view.kind !== 'error' && !online && (
        <p className={styles.recOffline} data-testid="recommendation-offline">
          {session
            ? "Today's session is not downloaded, so it needs a connection."
            : "Today's session needs a connection: none was saved on this device yet."}{' '}
          <Link to="/profile#downloads">Your downloads</Link> play offline.
        </p>
      )}
      <Button
        block
        loading={view.kind === 'loading'}
        disabled={!playable}
        onClick={() => session && openSession(session)}
      >
        begin today's journey
      </Button>
    </section>
  );
}
