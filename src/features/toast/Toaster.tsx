import * as RadixToast from '@radix-ui/react-toast';
import { EmojiText } from './EmojiText';
import { useToastStore } from './toast-store';
import styles from './Toaster.module.css';

/** The one toast region (spec: swipe threshold 50 px, focus hotkey F8, region max 420 px wide). */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <RadixToast.Provider swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <RadixToast.Root
          key={t.id}
          className={`${styles.toast} ${styles[t.variant]}`}
          open={t.open}
          duration={t.durationMs}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
        >
          <div className={styles.text}>
            <RadixToast.Title className={styles.title}>
              <EmojiText text={t.title} />
            </RadixToast.Title>
            {t.description && (
              <RadixToast.Description className={styles.description}>
                <EmojiText text={t.description} />
              </RadixToast.Description>
            )}
          </div>
          <RadixToast.Close className={styles.close} aria-label="Dismiss">
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className={styles.viewport} hotkey={['F8']} />
    </RadixToast.Provider>
  );
}
