import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  isFeatureUnlocked,
  lockedFeatureMessage,
  tierFeature,
  type TierFeatureKey,
} from '../../domain/tier-features';
import { TIERS, tierFor } from '../../domain/tiers';
import { ProgressBar } from '../../ui/ProgressBar';
import { QueryBlock } from '../profile/QueryBlock';
import { useDashboard } from '../profile/profile-queries';
import styles from './FeatureGate.module.css';

/**
 * The one gate every tier feature's screen sits behind. The member's level comes from the tone
 * tokens the dashboard reads off the practice ledger; the server refuses the same feature's
 * routes (server/api/practice/feature-gate.ts), so this is the explanation, not the lock.
 * Below the level the screen says what the feature is, which level opens it and how far that
 * is, instead of an error.
 */
export function FeatureGate({ feature, children }: { feature: TierFeatureKey; children: ReactNode }) {
  const dashboard = useDashboard();
  return (
    <QueryBlock query={dashboard} what="your level">
      {(d) =>
        isFeatureUnlocked(feature, d.user.toneTokens) ? (
          children
        ) : (
          <LockedFeature feature={feature} tokens={d.user.toneTokens} />
        )
      }
    </QueryBlock>
  );
}

export function LockedFeature({ feature, tokens }: { feature: TierFeatureKey; tokens: number }) {
  const f = tierFeature(feature);
  const current = tierFor(tokens);
  const need = TIERS[f.level - 1]?.requiredTokens ?? 0;
  const from = current.requiredTokens;
  const percent = need > from ? ((tokens - from) / (need - from)) * 100 : 100;
  return (
    <section
      className={styles.locked}
      aria-labelledby={`locked-${feature}`}
      data-testid="feature-locked"
      data-feature={feature}
    >
      <h2 id={`locked-${feature}`} className={styles.title}>
        {f.title}
      </h2>
      <p>{f.summary}</p>
      <p className={styles.level}>{lockedFeatureMessage(feature, tokens)}</p>
      <ProgressBar percent={percent} label={`progress to level ${f.level}`} />
      <p className={styles.hint}>
        Tone tokens come from practice: a session practised at least halfway earns them.{' '}
        <Link to="/discover">Find a session</Link>
      </p>
    </section>
  );
}
