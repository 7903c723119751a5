import { Link } from 'react-router-dom';
import { useMyReflections } from '../profile/profile-queries';
import styles from './CommunityScreen.module.css';

/**
 * A reflection saved in the player is private: it shows on the member's profile and calendar,
 * never here. Without a word, "No reflections yet" read as if it had been lost (issue 20), so
 * when the member has reflections this list does not show, the tab says where they are.
 */
export function PrivateReflectionsNote({ shownIds }: { shownIds: ReadonlySet<number> }) {
  const mine = useMyReflections();
  const hidden = (mine.data ?? []).some((r) => !shownIds.has(r.id));
  if (!hidden) return null;
  return (
    <p className={styles.privateNote} data-testid="private-reflections-note">
      Reflections you save after a session are private: only you see them, on{' '}
      <Link to="/profile">your profile</Link>.
    </p>
  );
}
