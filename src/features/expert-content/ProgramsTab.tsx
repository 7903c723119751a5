import { Button } from '../../ui/Button';
import { StateMessage } from '../../ui/StateMessage';
import { useEnroll, useEnrollments, usePrograms } from './expert-api';
import { capitalise, programButton } from './learning-text';
import { useOpenItem } from './open-item';
import styles from './ExpertContent.module.css';
import { countText } from '../../lib/plural';

/** Programs with Enroll / Premium (not enrolled) or Continue (enrolled). Premium is a label only. */
export function ProgramsTab() {
  const programs = usePrograms();
  const enrollments = useEnrollments();
  const enroll = useEnroll();
  const openItem = useOpenItem();
  if (programs.isPending || enrollments.isPending) return <StateMessage kind="loading" title="loading…" />;
  if (programs.isError || enrollments.isError)
    return (
      <StateMessage
        kind="error"
        title="We couldn't load the programs just now."
        onRetry={() => void Promise.all([programs.refetch(), enrollments.refetch()])}
      />
    );
  if (programs.data.length === 0)
    return <StateMessage kind="empty" title="No specialized programs available yet" />;
  const mine = new Map(enrollments.data.map((e) => [e.programId, e]));
  return (
    <ul className={styles.list} aria-label="programs">
      {programs.data.map((p) => {
        const e = mine.get(p.id);
        const label = programButton(e !== undefined, p.isPremium);
        return (
          <li key={p.id} className={styles.panelCard} data-testid="program-card">
            <h2 className={styles.cardTitle}>{p.title}</h2>
            <p className={styles.meta}>
              {countText(p.duration, 'day')} · {countText(p.sessionCount, 'session')} ·{' '}
              {capitalise(p.difficulty)} · {capitalise(p.programType)}
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
  );
}
