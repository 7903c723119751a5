import { Link } from 'react-router-dom';
import type { Suggestion } from '../../domain/check-in';
import { Button } from '../../ui/Button';
import { useAuthStore } from '../auth/auth-store';
import { openSession } from '../sessions/open-session';
import { useAllSessions, useRecommendation } from '../sessions/queries';
import type { Session } from '../sessions/session';
import { pickForSuggestion } from './suggestion-pick';
import styles from './CheckIn.module.css';

/** Today's suggestion in words, with one thing to do about it. */
export function SuggestionCard({ suggestion, today }: { suggestion: Suggestion; today: string }) {
  return (
    <section
      className={styles.suggestion}
      aria-labelledby="suggestion-title"
      data-testid="check-in-suggestion"
    >
      <p className={styles.eyebrow}>for today</p>
      <h2 id="suggestion-title" className={styles.suggestionTitle}>
        {suggestion.title}
      </h2>
      <p className={styles.suggestionText}>{suggestion.text}</p>
      <SuggestionAction suggestion={suggestion} today={today} />
      {suggestion.doctor && (
        <p className={styles.doctor} data-testid="doctor-note">
          {suggestion.doctor}
        </p>
      )}
    </section>
  );
}

function SuggestionAction({ suggestion, today }: { suggestion: Suggestion; today: string }) {
  const memberId = useAuthStore((s) => s.user?.id ?? '');
  const wantsPick = suggestion.kind === 'short' || suggestion.kind === 'gentle';
  const all = useAllSessions();
  const recommendation = useRecommendation();
  if (suggestion.kind === 'rest')
    return (
      <Link to="/listening-room" className={styles.actionLink}>
        music that needs no voice: the listening room
      </Link>
    );
  const session: Session | null | undefined = wantsPick
    ? all.data && pickForSuggestion(suggestion.kind, all.data, memberId, today)
    : recommendation.data;
  if (!session)
    return (
      <Link
        to={suggestion.kind === 'recommended' ? '/home' : '/filtered?type=mood&value=calm'}
        className={styles.actionLink}
      >
        {suggestion.kind === 'recommended'
          ? "today's recommendation on home"
          : 'calm sessions to choose from'}
      </Link>
    );
  const minutes = `${Math.max(1, Math.round((session.lengthSec ?? 300) / 60))} min`;
  return (
    <Button block onClick={() => openSession(session)} data-testid="suggested-session">
      play {session.title} · {minutes}
    </Button>
  );
}
