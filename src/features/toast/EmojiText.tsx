import { emojiSupported, splitEmoji } from './emoji';
import styles from './Toaster.module.css';

/** Text whose emoji are hidden visually (still read aloud) where no emoji font can draw them. */
export function EmojiText({ text }: { text: string }) {
  if (emojiSupported()) return <>{text}</>;
  return (
    <>
      {splitEmoji(text).map((part, i) =>
        part.emoji ? (
          <span key={i} className={styles.hiddenEmoji} data-emoji-fallback>
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
