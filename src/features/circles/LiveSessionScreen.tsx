import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { stepAt } from '../../domain/circles';
import { BackHeader } from '../../ui/BackHeader';
import { StateMessage } from '../../ui/StateMessage';
import { clock } from './circles-text';
import { JoinToTakePart, PrivateCircle } from './NotInCircle';
import { useLiveSession } from './useLiveSession';
import { useWakeLock } from './useWakeLock';
import styles from './VoiceCircles.module.css';

/** Re-renders a few times a second so countdowns move; the step itself comes from the server clock. */
function useTicker(ms: number) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const t = window.setInterval(() => setTick((n) => n + 1), ms);
    return () => window.clearInterval(t);
  }, [ms]);
}

/**
 * /voice-circles/:id/live: a live group session. Members see who is here (first names) and
 * the same step at the same moment; no audio is shared, each member practises on their own.
 */
export function LiveSessionScreen() {
  const circleId = Number(useParams().id);
  const [attempt, setAttempt] = useState(0);
  const { state, status, message, code, clockOffset } = useLiveSession(circleId, attempt);
  useTicker(250);
  useWakeLock(state !== null && status !== 'refused' && status !== 'ended');
  const back = `/voice-circles/${circleId}`;
  const header = (title: string) => <BackHeader to={back} backLabel="Back to the circle" title={title} />;

  if (status === 'refused') {
    const retry = () => setAttempt((n) => n + 1);
    // Not being in the circle, or the session not being open yet, is not an error: say what it is.
    const body =
      code === 'not_a_member' ? (
        <JoinToTakePart circleId={circleId} onJoined={retry} />
      ) : code === 'circle_private' ? (
        <PrivateCircle />
      ) : code === 'circle_not_found' ? (
        <StateMessage kind="empty" title="This circle is not available." />
      ) : code === 'not_open' || code === 'not_live' ? (
        <StateMessage kind="empty" title={message ?? 'This live session is not open.'} onRetry={retry} />
      ) : (
        <StateMessage kind="error" title={message ?? 'This live session is not open.'} onRetry={retry} />
      );
    return (
      <div className={styles.screen}>
        {header('Live session')}
        {body}
      </div>
    );
  }
  if (!state)
    return (
      <div className={styles.screen}>
        {header('Live session')}
        <StateMessage kind="loading" title="Joining the session…" />
      </div>
    );

  const now = Date.now() + clockOffset.current;
  const pos = stepAt(state.steps, Date.parse(state.startTime), Date.parse(state.endTime), now);
  const step = pos.phase === 'active' ? state.steps[pos.index] : undefined;
  return (
    <div className={styles.screen}>
      {header(state.title)}
      <div className={styles.live} data-testid="live-step" data-step={pos.index}>
        {pos.phase === 'waiting' && (
          <>
            <p className={styles.stepLabel}>Starting soon</p>
            <p className={styles.countdown}>{clock((pos.endsAt - now) / 1000)}</p>
            <p className={styles.hint}>
              Find a comfortable seat; the first step begins for everyone at once.
            </p>
          </>
        )}
        {step && (
          <>
            <p className={styles.stepLabel}>
              Step {pos.index + 1} of {state.stepCount}
              {state.templateTitle ? ` · ${state.templateTitle}` : ''}
            </p>
            <p className={styles.stepText} aria-live="polite">
              {step.text}
            </p>
            <p className={styles.countdown} aria-label="time left in this step">
              {clock((pos.endsAt - now) / 1000)}
            </p>
          </>
        )}
        {pos.phase === 'finished' && state.steps.length === 0 && now < Date.parse(state.endTime) && (
          <>
            <p className={styles.stepText}>Practise freely together</p>
            <p className={styles.hint}>
              This circle has no practice plan yet. The session stays open for{' '}
              {clock((Date.parse(state.endTime) - now) / 1000)}.
            </p>
          </>
        )}
        {pos.phase === 'finished' && (state.steps.length > 0 || now >= Date.parse(state.endTime)) && (
          <>
            <p className={styles.stepText}>Session complete</p>
            <p className={styles.hint}>Thank you for practising together.</p>
            <Link className={styles.linkButton} to={back}>
              Back to the circle
            </Link>
          </>
        )}
        {status === 'connecting' && <p className={styles.hint}>Reconnecting…</p>}
      </div>
      <section className={styles.section} aria-labelledby="live-present">
        <h2 id="live-present" className={styles.sectionTitle}>
          <span className={styles.pulse} aria-hidden /> Here now ({state.present.length})
        </h2>
        <ul className={styles.names} aria-label="here now" aria-live="polite">
          {state.present.map((n, i) => (
            <li key={`${n}-${i}`} className={styles.name}>
              {n}
            </li>
          ))}
        </ul>
        <p className={styles.hint}>No audio is shared: everyone hears only themselves.</p>
      </section>
    </div>
  );
}
