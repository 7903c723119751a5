import { Link } from 'react-router-dom';
import styles from './PlaceholderScreen.module.css';

/**
 * An honest stand-in for a screen a later piece of work builds: its title, one line saying it
 * is not built yet, and the way home. It never shows invented data.
 */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <section className={styles.screen} aria-labelledby="placeholder-title">
      <h1 id="placeholder-title">{title}</h1>
      <p>This part of the app is still being built, so there is nothing to show here yet.</p>
      <Link to="/home" className={styles.home}>
        Back to home
      </Link>
    </section>
  );
}
