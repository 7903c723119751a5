import { Link } from 'react-router-dom';
import styles from '../Growth.module.css';

/** What every tab shows when there is too little measured data: how to get some. */
export function NoData({ what }: { what: string }) {
  return (
    <div className={styles.card} data-testid="no-data">
      <h2>not enough data yet</h2>
      <p className={styles.muted}>
        {what} In the tuning room, switch on “keep my voice scores in my account” and record your voice: your
        numbers appear here.
      </p>
      <Link to="/tuning-room">go to the tuning room</Link>
    </div>
  );
}
