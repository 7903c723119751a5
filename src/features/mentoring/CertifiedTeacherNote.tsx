import { useCertified } from './mentoring-api';
import styles from './Mentoring.module.css';

/** "certified teacher" on the member's profile once an admin approved their application. */
export function CertifiedTeacherNote() {
  const certified = useCertified();
  if (!certified.data?.certified) return null;
  return (
    <p className={styles.badge} data-testid="certified-teacher">
      certified teacher
    </p>
  );
}
