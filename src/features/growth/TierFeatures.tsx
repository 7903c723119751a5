import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { lockedFeatureMessage, TIER_FEATURES, type TierFeature } from '../../domain/tier-features';
import { nextTier, tierFor, TIERS } from '../../domain/tiers';
import { countText } from '../../lib/plural';
import styles from './TierFeatures.module.css';

/** A small padlock beside a locked feature's name (the words say "locked" to screen readers). */
const Lock = () => (
  <svg
    width="14"
    height="14"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.2"
    strokeLinecap="round"
    aria-hidden
    className={styles.lock}
  >
    <rect x="5" y="11" width="14" height="9" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </svg>
);

/** The registry's features of one level. */
const featuresOf = (level: number) => TIER_FEATURES.filter((f) => f.level === level);

/**
 * The profile's tier features (spec §9; src/domain/tier-features.ts): what is open is a link to
 * the feature; the next level's two are shown in full, as what practice brings next; the levels
 * after it wait folded away, each chip a button that says what the feature is and how far it is.
 * Twenty chips in three calm groups instead of one wall.
 */
export function TierFeatures({ tokens }: { tokens: number }) {
  const level = tierFor(tokens).level;
  const next = nextTier(tokens);
  const open = TIER_FEATURES.filter((f) => f.level <= level);
  const later = TIERS.filter((t) => t.level > level + 1);
  return (
    <section className={styles.card} aria-labelledby="tier-features-title" data-testid="tier-features">
      <h2 id="tier-features-title">tier features</h2>
      <h3 className={styles.groupTitle}>open to you · {countText(open.length, 'feature')}</h3>
      <ul className={styles.chips}>
        {open.map((f) => (
          <li key={f.key} data-unlocked="true" data-feature={f.key}>
            <Link to={f.href} state={{ from: '/profile' }} className={styles.chip}>
              {f.title}
            </Link>
          </li>
        ))}
      </ul>
      {next && (
        <div className={styles.next} data-testid="next-level">
          <h3 className={styles.groupTitle}>
            next: level {next.level} ·{' '}
            {countText(Math.max(0, next.requiredTokens - Math.floor(tokens)), 'tone token')} to go
          </h3>
          <ul className={styles.nextList}>
            {featuresOf(next.level).map((f) => (
              <li key={f.key} data-unlocked="false" data-feature={f.key} className={styles.nextItem}>
                <span className={styles.nextTitle}>
                  <Lock />
                  {f.title}
                  <span className="visually-hidden">, locked, opens at level {f.level}</span>
                </span>
                <span className={styles.summary}>{f.summary}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {later.length > 0 && (
        <details className={styles.later}>
          <summary className={styles.laterSummary}>
            later levels: {later[0]?.level}
            {later.length > 1 ? `–${later[later.length - 1]?.level}` : ''} ·{' '}
            {countText(later.length * 2, 'feature')}
          </summary>
          {later.map((t) => (
            <div key={t.level} className={styles.laterLevel}>
              <h4 className={styles.levelTitle}>level {t.level}</h4>
              <ul className={styles.chips}>
                {featuresOf(t.level).map((f) => (
                  <LockedChip key={f.key} feature={f} tokens={tokens} />
                ))}
              </ul>
            </div>
          ))}
        </details>
      )}
    </section>
  );
}

/** A feature beyond the next level: a button that unfolds what it is and how far it is. */
function LockedChip({ feature: f, tokens }: { feature: TierFeature; tokens: number }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li data-unlocked="false" data-feature={f.key} data-open={open} className={styles.lockedItem}>
      <button
        type="button"
        className={`${styles.chip} ${styles.chipLocked}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <Lock />
        {f.title}
        <span className="visually-hidden">, locked, opens at level {f.level}</span>
      </button>
      <div id={panelId} hidden={!open} className={styles.disclosure}>
        <p>{f.summary}</p>
        <p className={styles.howFar}>{lockedFeatureMessage(f.key, tokens)}</p>
      </div>
    </li>
  );
}
