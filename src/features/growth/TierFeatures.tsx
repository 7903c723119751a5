import { Link } from 'react-router-dom';
import { TIER_FEATURES } from '../../domain/tier-features';
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
 * The profile's tier features (spec §9; src/domain/tier-features.ts): what is open is a chip
 * linking to the feature; the next level's two are shown in full, highlighted, as what practice
 * brings next; the levels after it wait folded away ("later levels"), each feature with what it
 * is, under its level and how far that is. Twenty features in three calm groups, not a wall.
 */
export function TierFeatures({ tokens }: { tokens: number }) {
  const level = tierFor(tokens).level;
  const next = nextTier(tokens);
  const open = TIER_FEATURES.filter((f) => f.level <= level);
  const later = TIERS.filter((t) => t.level > level + 1);
  const toGo = (target: number) =>
    Math.max(0, (TIERS[target - 1]?.requiredTokens ?? 0) - Math.floor(Number.isFinite(tokens) ? tokens : 0));
  return (
    <section className={styles.card} aria-labelledby="tier-features-title" data-testid="tier-features">
      <h2 id="tier-features-title">tier features</h2>
      <h3 className={styles.groupTitle}>open to you · {countText(open.length, 'feature')}</h3>
      <ul className={styles.chips}>
        {open.map((f) => (
          <li key={f.key} data-unlocked="true" data-feature={f.key}>
            {f.notYet ? (
              // Built by later work: no link to a placeholder, the plain truth instead.
              <span className={`${styles.chip} ${styles.notYet}`}>
                <strong className={styles.notYetTitle}>{f.title}</strong> · {f.notYet}
              </span>
            ) : (
              <Link to={f.href} state={{ from: '/profile' }} className={styles.chip}>
                {f.title}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {next && (
        <div className={styles.next} data-testid="next-level">
          <h3 className={styles.groupTitle}>
            next: level {next.level} · {countText(toGo(next.level), 'tone token')} to go
          </h3>
          <LockedList level={next.level} />
        </div>
      )}
      {later.length > 0 && (
        <details className={styles.later}>
          <summary className={styles.laterSummary}>
            later levels: {later[0]?.level}
            {later.length > 1 ? `–${later[later.length - 1]?.level}` : ''} ·{' '}
            {countText(TIER_FEATURES.filter((f) => f.level > level + 1).length, 'feature')}
          </summary>
          {later.map((t) => (
            <div key={t.level} className={styles.laterLevel}>
              <h4 className={styles.levelTitle}>
                level {t.level} · {countText(toGo(t.level), 'tone token')} to go
              </h4>
              <LockedList level={t.level} />
            </div>
          ))}
        </details>
      )}
    </section>
  );
}

/** A locked level's features: each one's name, "locked, opens at level N" for screen readers, and what it is. */
function LockedList({ level }: { level: number }) {
  return (
    <ul className={styles.lockedList}>
      {featuresOf(level).map((f) => (
        <li key={f.key} data-unlocked="false" data-feature={f.key} className={styles.lockedItem}>
          <span className={styles.lockedTitle}>
            <Lock />
            {f.title}
            <span className="visually-hidden">, locked, opens at level {f.level}</span>
          </span>
          <span className={styles.summary}>{f.summary}</span>
        </li>
      ))}
    </ul>
  );
}
