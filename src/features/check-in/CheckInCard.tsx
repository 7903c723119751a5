import { Link } from 'react-router-dom';
import { useCheckIns, useTodaysCheckIn } from './check-in-api';
import { answersLine } from './check-in-text';
import styles from './CheckIn.module.css';

/**
 * Home's small card, one link to /check-in: "how's your voice today?", or today's answers once
 * given. Loaded as its own chunk (home's first-screen JavaScript has no room for it); until the
 * chunk or the read arrives it asks the question, which is always a right way in. Its height is
 * fixed (and held by home's placeholder), so nothing below it moves when it arrives.
 */
export function CheckInCard() {
  const query = useCheckIns();
  const { checkIn } = useTodaysCheckIn(query.data);
  return (
    <Link to="/check-in" state={{ from: '/home' }} className={styles.homeCard} data-testid="home-check-in">
      <span className={styles.homeCardText}>
        <span className={styles.homeCardTitle}>
          {checkIn ? "today's check-in" : "how's your voice today?"}
        </span>
        <span className={styles.homeCardAnswer}>
          {checkIn ? answersLine(checkIn) : 'A few taps, and a suggestion for today.'}
        </span>
      </span>
      <span className={styles.homeCardArrow} aria-hidden>
        ›
      </span>
    </Link>
  );
}

export default CheckInCard;
