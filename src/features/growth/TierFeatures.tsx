import { TIERS } from '../../domain/tiers';
import { featureLabel } from './growth-text';
import styles from './Growth.module.css';

/** The profile's tier features (spec §9): unlocked up to the member's level, the rest locked. */
export function TierFeatures({ level }: { level: number }) {
  return (
    <section className={styles.card} aria-labelledby="tier-features-title" data-testid="tier-features">
      <h2 id="tier-features-title">tier features</h2>
      <p className={styles.muted}>
        Unlocked up to your level {level}; the dashed ones are locked and open at higher levels.
      </p>
      <ul className={styles.chips}>
        {TIERS.flatMap((t) =>
          t.unlockedFeatures.map((f) => {
            const open = t.level <= level;
            return (
              <li key={f} className={`${styles.chip} ${open ? '' : styles.chipLocked}`} data-unlocked={open}>
                {featureLabel(f)}
                <span className="visually-hidden">
                  {open ? ' (unlocked)' : ` (locked, level ${t.level})`}
                </span>
              </li>
            );
          }),
        )}
      </ul>
    </section>
  );
}
