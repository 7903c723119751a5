import { Link } from 'react-router-dom';
import { WaveMark } from '../../ui/icons';
import styles from './NotFoundScreen.module.css';

export function NotFoundScreen() {
  return (
    <section className={styles.screen}>
      <WaveMark />
      <h1>Page Not Found</h1>
      <p>This page has drifted out of tune. The address may be mistyped, or the page has moved.</p>
      <Link to="/home" className={styles.link}>
        Take me home
      </Link>
    </section>
  );
}
