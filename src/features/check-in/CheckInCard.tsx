import { Link } from 'react-router-dom';
import { useCheckIns, useTodaysCheckIn } from './check-in-api';
import { answersLine } from './check-in-text';
import styles from './CheckIn.module.css';

/**
 * Home's small card: "how's your voice today?" leading to /check-in, or today's answers once
 * given. Loaded as its own chunk (home's first-screen JavaScript has no room for it); until the
 * chunk or the read arrives it asks the question, which is always a right way in.
 */
export function CheckInCard() {
  const query = useCheckIns();
  const { checkIn } = useTodaysCheckIn(query.data);
  return (
    <section className={styles.homeCard} aria-labelledby="home-check-in" data-testid="home-check-in">
      <p className={styles.homeCardText}>
        <span id="home-check-in" className={styles.homeCardTitle}>
          {checkIn ? "today's check-in" : "how's your voice today?"}
        </span>
        <span className={styles.homeCardAnswer}>
          {checkIn ? answersLine(checkIn) : 'A few taps, and a suggestion for today.'}
        </span>
      </p>
      <Link to="/check-in" state={{ from: '/home' }} className={styles.homeCardLink}>
        {checkIn ? 'see today' : 'check in'}
      </Link>
    </section>
  );
}

export default CheckInCard;
