import * as Dialog from '@radix-ui/react-dialog';
import { Avatar } from './Avatar';
import type { ExpertClass } from './expert-api';
import { clockText } from '../../domain/practice';
import { capitalise, CONTENT_TYPES, DEFAULT_RATING, lengthText } from './learning-text';
import { useOpenItem } from './open-item';
import styles from './ExpertContent.module.css';

/** A class's details: expert, bio, duration, rating (4.8 by default), views, type, difficulty, premium. */
export function ClassDialog({ item, onClose }: { item: ExpertClass | null; onClose: () => void }) {
  const openItem = useOpenItem();
  return (
    <Dialog.Root open={item !== null} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        {item && (
          <Dialog.Content className={styles.dialog} aria-describedby={undefined}>
            <div className={styles.dialogTop}>
              <Dialog.Title className={styles.dialogTitle}>{item.title}</Dialog.Title>
              <Dialog.Close className={styles.close} aria-label="Close">
                ×
              </Dialog.Close>
            </div>
            <div className={styles.expert}>
              <Avatar initials={item.expertInitials} color={item.expertColor} size={56} />
              <div>
                <p className={styles.cardTitle}>{item.expertName}</p>
                <p className={styles.demo}>Demo expert (fictional)</p>
              </div>
            </div>
            <p className={styles.muted}>{item.expertBio}</p>
            <p>{item.description}</p>
            <dl className={styles.facts}>
              <div>
                <dt>Duration</dt>
                <dd>{lengthText(item.durationSec)}</dd>
              </div>
              <div>
                <dt>Rating</dt>
                <dd>★ {(item.rating ?? DEFAULT_RATING).toFixed(1)}</dd>
              </div>
              <div>
                <dt>Views</dt>
                <dd data-testid="class-views">{item.viewCount}</dd>
              </div>
              <div>
                <dt>Type</dt>
                <dd>{CONTENT_TYPES[item.contentType] ?? item.contentType}</dd>
              </div>
              <div>
                <dt>Difficulty</dt>
                <dd>{capitalise(item.difficultyLevel)}</dd>
              </div>
              {item.isPremium && (
                <div>
                  <dt>Access</dt>
                  <dd>
                    <span className={styles.premium}>Premium</span>
                  </dd>
                </div>
              )}
            </dl>
            <h3 className={styles.label}>What this class teaches</h3>
            <ul className={styles.steps}>
              {item.teaches.map((t) => (
                <li key={t.position}>
                  <button
                    type="button"
                    className={styles.step}
                    onClick={() => {
                      onClose();
                      openItem(t);
                    }}
                  >
                    ▶ {t.title} <span className={styles.muted}>({clockText(t.durationSec)})</span>
                  </button>
                </li>
              ))}
            </ul>
          </Dialog.Content>
        )}
      </Dialog.Portal>
    </Dialog.Root>
  );
}
