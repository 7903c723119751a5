import * as Dialog from '@radix-ui/react-dialog';
import type { Musician } from '../sessions/session';
import styles from './EndDialog.module.css';
import own from './Player.module.css';

/** Who made the music; handles link to Instagram. */
export function CreditsDialog({ musicians }: { musicians: Musician[] }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className={own.iconButton} aria-label="Credits">
        <InfoIcon />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <Dialog.Title className={styles.title}>credits</Dialog.Title>
          {musicians.length === 0 ? (
            <Dialog.Description className={styles.line}>
              no musicians are credited for this session
            </Dialog.Description>
          ) : (
            <>
              <Dialog.Description className={styles.line}>
                the musicians behind this session
              </Dialog.Description>
              <ul className={own.credits}>
                {musicians.map((m) => (
                  <li key={`${m.name}-${m.role}`}>
                    <span className={own.creditName}>{m.name}</span>
                    {m.role && <span className={own.creditRole}>{m.role}</span>}
                    {m.instagram && (
                      <a
                        href={`https://instagram.com/${m.instagram.replace(/^@/, '')}`}
                        target="_blank"
                        rel="noreferrer noopener"
                        className={own.creditLink}
                      >
                        {m.instagram.startsWith('@') ? m.instagram : `@${m.instagram}`}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
          <Dialog.Close className={styles.option} style={{ width: '100%', marginTop: 'var(--space-5)' }}>
            close
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const InfoIcon = () => (
  <svg
    width="22"
    height="22"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    aria-hidden
  >
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 11v5.5M12 7.8v.2" strokeLinecap="round" />
  </svg>
);
