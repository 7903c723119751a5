import { skillLevelColour } from '../../domain/skill-levels';
import { OfflineAvailability } from '../offline/OfflineAvailability';
import { useAudioReadiness } from './catalogue-audio';
import { CategoryIcon } from './CategoryIcon';
import { formatMmSs } from './format';
import { openSession } from './open-session';
import { isInstrumentalOnly, type Session } from './session';
import { PreparingAudio } from './PreparingAudio';
import { ToneTokens } from './ToneTokens';
import styles from './SessionCard.module.css';

/**
 * A session as a tappable card: title, mm:ss, tone tokens and the icon of its first category,
 * bordered in its skill level's colour. 'compact' is the narrow card of horizontal lists.
 */
export function SessionCard({ session, compact = false }: { session: Session; compact?: boolean }) {
  const level = session.skillLevel?.trim().toLowerCase() || 'beginner';
  const audio = useAudioReadiness(session);
  return (
    <button
      type="button"
      className={`${styles.card} ${compact ? styles.compact : ''}`}
      style={{ borderColor: skillLevelColour(session.skillLevel) }}
      onClick={() => openSession(session)}
      data-testid="session-card"
      data-session-id={session.id}
    >
      <span
        className={styles.cover}
        style={{ background: session.coverColor ?? 'var(--color-primary-soft)' }}
      >
        <CategoryIcon category={session.category[0]} />
      </span>
      <span className={styles.body}>
        <span className={styles.title} data-testid="session-title">
          {session.title}
        </span>
        <span className={styles.meta}>
          <span className={styles.length}>{formatMmSs(session.lengthSec)}</span>
          <ToneTokens level={session.skillLevel} listening={isInstrumentalOnly(session)} />
          <span className={styles.level}>{level}</span>
        </span>
        <OfflineAvailability sessionId={session.id} />
        {audio.known && !audio.ready && <PreparingAudio percent={audio.percent} compact />}
      </span>
    </button>
  );
}
