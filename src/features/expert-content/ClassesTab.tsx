import { useState } from 'react';
import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import { StateMessage } from '../../ui/StateMessage';
import { Avatar } from './Avatar';
import { ClassDialog } from './ClassDialog';
import { useClasses, useCountView, type ExpertClass } from './expert-api';
import { capitalise, CONTENT_TYPES, lengthText } from './learning-text';
import styles from './ExpertContent.module.css';

export function ClassesTab() {
  const classes = useClasses();
  const view = useCountView();
  const [openId, setOpenId] = useState<number | null>(null);
  const shown = useSavedBlock(classes, 'the classes');
  if (shown.data === undefined) return shown.fallback;
  if (shown.data.length === 0)
    return (
      <>
        {shown.note}
        <StateMessage kind="empty" title="No expert content available yet" />
      </>
    );
  const open = shown.data.find((c) => c.id === openId) ?? null;
  const show = (c: ExpertClass) => {
    setOpenId(c.id);
    view.mutate(c.id);
  };
  return (
    <>
      {shown.note}
      <ul className={styles.list} aria-label="classes">
        {shown.data.map((c) => (
          <li key={c.id}>
            <button type="button" className={styles.card} onClick={() => show(c)} data-testid="class-card">
              <Avatar initials={c.expertInitials} color={c.expertColor} />
              <span className={styles.cardBody}>
                <span className={styles.cardTitle}>{c.title}</span>
                <span className={styles.muted}>
                  {c.expertName} · <span className={styles.demo}>Demo expert</span>
                </span>
                <span className={styles.meta}>
                  {lengthText(c.durationSec)} · {CONTENT_TYPES[c.contentType] ?? c.contentType} ·{' '}
                  {capitalise(c.difficultyLevel)}
                  {c.isPremium && <span className={styles.premium}>Premium</span>}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <ClassDialog item={open} onClose={() => setOpenId(null)} />
    </>
  );
}
