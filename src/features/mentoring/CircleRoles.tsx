import { useCircleRoles } from './mentoring-api';
import styles from './Mentoring.module.css';

/**
 * A circle's members with their badges (leader, co-leader, certified teacher) and this week's
 * prompt, for the circle's own screen. Until the badges load (or when they cannot), the plain
 * names the circle already has are shown, so the list never goes blank.
 */
export function CircleRoles({ circleId, names }: { circleId: number; names: string[] }) {
  const roles = useCircleRoles(circleId, true);
  const members = roles.data?.members ?? names.map((firstName) => ({ firstName, badges: [] as string[] }));
  const prompt = roles.data?.prompt;
  return (
    <>
      {prompt && (
        <p className={styles.preview} aria-label="this week's prompt">
          <span className={styles.kicker}>this week’s prompt, from {prompt.byFirstName}: </span>
          {prompt.text}
        </p>
      )}
      <ul className={styles.names} aria-label="members">
        {members.map((m, i) => (
          <li key={`${m.firstName}-${i}`} className={styles.name}>
            {m.firstName}
            {m.badges.map((b) => (
              <span key={b} className={styles.badge}>
                {b}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </>
  );
}
