import { Button } from '../../ui/Button';
import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import { StateMessage } from '../../ui/StateMessage';
import { useEnroll, useEnrollments, usePrograms, useWaitingPrograms } from './expert-api';
import { capitalise, lengthText, programButton } from './learning-text';
import { useOpenItem } from './open-item';
import styles from './ExpertContent.module.css';
import { countText } from '../../lib/plural';

/** Programs with Enroll / Premium (not enrolled) or Continue (enrolled). Premium is a label only. */
export function ProgramsTab() {
  const programs = usePrograms();
  const enrollments = useEnrollments();
  const enroll = useEnroll();
  const waiting = useWaitingPrograms('enrolment');
  const openItem = useOpenItem();
  const shownPrograms = useSavedBlock(programs, 'the programs');
  const shownEnrollments = useSavedBlock(enrollments, 'your programs');
  if (shownPrograms.data === undefined) return shownPrograms.fallback;
  if (shownEnrollments.data === undefined) return shownEnrollments.fallback;
  if (shownPrograms.data.length === 0)
    return <StateMessage kind="empty" title="No specialized programs available yet" />;
  const mine = new Map(shownEnrollments.data.map((e) => [e.programId, e]));
  return (
    <>
      {shownPrograms.note}
      <ul className={styles.list} aria-label="programs">
        {shownPrograms.data.map((p) => {
          const e = mine.get(p.id);
          const label = programButton(e !== undefined, p.isPremium);
          if (!e && waiting.has(p.id)) {
            // Enrolled offline: shown as done, and waiting to be sent.
            return (
              <li key={p.id} className={styles.panelCard} data-testid="program-card">
                <h2 className={styles.cardTitle}>{p.title}</h2>
                <p className={styles.muted}>{p.description}</p>
                <p className={styles.muted} data-testid="enrol-waiting">
                  Enrolled on this device: it will sync when you're back online.
                </p>
              </li>
            );
          }
          return (
            <li key={p.id} className={styles.panelCard} data-testid="program-card">
              <h2 className={styles.cardTitle}>{p.title}</h2>
              <p className={styles.meta}>
                {countText(p.duration, 'day')} · {countText(p.sessionCount, 'session')} (
                {lengthText(p.practiceSec)}) · {capitalise(p.difficulty)} · {capitalise(p.programType)}
                {p.isPremium && <span className={styles.premium}>Premium</span>}
              </p>
              <p className={styles.muted}>{p.description}</p>
              <p className={styles.muted}>{countText(p.enrollmentCount, 'member')} enrolled</p>
              <Button
                variant={label === 'Continue' ? 'primary' : 'secondary'}
                aria-label={`${label}: ${p.title}`}
                loading={enroll.isPending && enroll.variables === p.id}
                onClick={() => {
                  if (e) {
                    if (e.nextItem) openItem(e.nextItem);
                  } else enroll.mutate(p.id);
                }}
                disabled={e !== undefined && e.nextItem === null}
              >
                {e && e.nextItem === null ? 'Completed' : label}
              </Button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
