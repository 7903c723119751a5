import { Link } from 'react-router-dom';
import { gardenStateFor, nextGardenTier } from '../../domain/garden';
import { countText } from '../../lib/plural';
import { gardenReady, useGardenChoice } from './garden-api';
import { GardenPicture } from './GardenPicture';
import styles from './Garden.module.css';

/**
 * The profile's small view of the garden: the same picture in the member's layout and colours
 * (still, a shorter crop), what it is and how far the next garden tier is, and the way to the
 * journey where it grows and is customised. `toneTokens` is the dashboard's figure, read from
 * the practice ledger on the server; nothing is counted here.
 */
export function ProfileGarden({ toneTokens }: { toneTokens: number }) {
  const { choice, waiting, query } = useGardenChoice();
  const state = gardenStateFor(toneTokens);
  const next = nextGardenTier(toneTokens);
  return (
    <section
      className={styles.profileCard}
      aria-labelledby="profile-garden-title"
      data-testid="profile-garden"
    >
      <GardenPicture state={state} choice={choice} compact pending={!gardenReady(query, waiting)} />
      <div className={styles.profileText}>
        <h2 id="profile-garden-title" className={styles.profileTitle}>
          your garden
        </h2>
        <p className={styles.muted}>
          <span className={styles.profileTier}>{state.tier}</span>
          {next
            ? ` · ${countText(next.tokensToGo, 'tone token')} to grow into a ${next.key}`
            : ' · your garden is fully grown'}
        </p>
        <Link to="/journey-progress#garden" className={styles.profileLink}>
          visit your garden
        </Link>
      </div>
    </section>
  );
}
