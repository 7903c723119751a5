import { useMyReflections } from './profile-queries';
import { reflectionDate } from './profile-text';
import { QueryBlock } from './QueryBlock';
import { notYetStoredReflections, useWaitingReflections } from '../sync/waiting-reflections';
import styles from './ProfileScreen.module.css';

/**
 * 'your reflections': what the member wrote after sessions, newest first; above them those saved
 * offline that wait to sync (private or shared), marked, until the stored one takes their place.
 */
export function ReflectionsSection() {
  const query = useMyReflections();
  const waitingAll = useWaitingReflections();
  const now = Date.now();
  return (
    <section className={styles.section} aria-labelledby="your-reflections">
      <h2 id="your-reflections" className={styles.sectionTitle}>
        your reflections
      </h2>
      <QueryBlock
        query={query}
        what="your reflections"
        isEmpty={(d) => d.length === 0 && waitingAll.length === 0}
        emptyText="no reflections yet"
      >
        {(list) => (
          <ul className={styles.list} aria-label="your reflections">
            {notYetStoredReflections(waitingAll, list, (r) => r).map((w) => (
              <li key={w.key} className={styles.reflection} data-testid="reflection-waiting">
                <p className={styles.reflectionText}>{w.text}</p>
                <p className={styles.itemMeta}>
                  {w.shared ? 'Shared' : 'Saved'} on this device · Waiting to sync
                </p>
              </li>
            ))}
            {list.map((r) => (
              <li key={r.id} className={styles.reflection}>
                <p className={styles.reflectionText}>{r.text}</p>
                <p className={styles.itemMeta}>
                  {r.sessionTitle && <span>{r.sessionTitle} · </span>}
                  <time dateTime={r.createdAt}>{reflectionDate(r.createdAt, now)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryBlock>
    </section>
  );
}
