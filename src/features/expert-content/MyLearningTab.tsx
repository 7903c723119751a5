import { Button } from '../../ui/Button';
import { ProgressBar } from '../../ui/ProgressBar';
import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import { StateMessage } from '../../ui/StateMessage';
import { useEnrollments, useUnenroll, useWaitingPrograms } from './expert-api';
import { useOpenItem } from './open-item';
import styles from './ExpertContent.module.css';
import { countText } from '../../lib/plural';

/** The member's programs: progress from the server, the next step, Continue and leave. */
export function MyLearningTab() {
  const enrollments = useEnrollments();
  const unenroll = useUnenroll();
  const leaving = useWaitingPrograms('unenrolment');
  const openItem = useOpenItem();
  const shown = useSavedBlock(enrollments, 'your programs');
  if (shown.data === undefined) return shown.fallback;
  if (shown.data.length === 0)
    return (
      <>
        {shown.note}
        <StateMessage
          kind="empty"
          title="No enrolled programs yet"
          hint="Enroll in a program from the Programs tab."
        />
      </>
    );
  return (
    <>
      {shown.note}
      <ul className={styles.list} aria-label="my programs">
        {shown.data.map((e) => (
          <li key={e.id} className={styles.panelCard} data-testid="enrollment">
            <h2 className={styles.cardTitle}>{e.program.title}</h2>
            <ProgressBar percent={e.progress} label={`${e.program.title} progress`} />
            <p className={styles.meta} data-testid="enrollment-progress">
              {e.completedAt
                ? `Completed · ${e.sessionCount} of ${countText(e.sessionCount, 'session')}`
                : `${e.progress}% · session ${e.currentSessionIndex + 1} of ${e.sessionCount}`}
            </p>
            {e.nextItem && (
              <>
                <p className={styles.muted}>Next: {e.nextItem.title}</p>
                <Button
                  aria-label={`Continue: ${e.program.title}`}
                  onClick={() => e.nextItem && openItem(e.nextItem)}
                >
                  Continue
                </Button>
              </>
            )}
            {leaving.has(e.programId) ? (
              <p className={styles.muted} data-testid="leave-waiting">
                Left on this device: it will sync when you're back online.
              </p>
            ) : (
              <Button
                variant="ghost"
                onClick={() => unenroll.mutate(e.programId)}
                disabled={unenroll.isPending}
              >
                Leave program
              </Button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
