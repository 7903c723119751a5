import { Link } from 'react-router-dom';
import styles from '../Growth.module.css';

/** What every tab shows when there is too little measured data: how to get some. */
export function NoData({ what }: { what: string }) {
  return (
    <div className={styles.card} data-testid="no-data">
      <h2>not enough data yet</h2>
      <p className={styles.muted}>
        {what} Take the voice assessment (about two minutes, analysed on your phone) and save the result: your
        numbers appear here.
      </p>
      <Link to="/voice-analysis?assessment=start">take the voice assessment</Link>
    </div>
  );
}
