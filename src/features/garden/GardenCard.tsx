import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { listInWords, type GardenChoice, type GardenState } from '../../domain/garden';
import { tierFeature } from '../../domain/tier-features';
import { countText, countWord } from '../../lib/plural';
import { StateMessage } from '../../ui/StateMessage';
import { FeatureGate } from '../tier-features/FeatureGate';
import { gardenReady, useGardenChoice } from './garden-api';
import { GardenPicture } from './GardenPicture';
import styles from './Garden.module.css';

// Opened on demand: the journey's first paint never waits for the controls.
const GardenCustomiser = lazy(() => import('./GardenCustomiser'));

/** The anchor of the garden on /journey-progress (the garden_customization chip leads here). */
export const GARDEN_ID = 'garden';

interface Props {
  state: GardenState;
  toneTokens: number;
  nextGardenTier: { key: string; tokensToGo: number } | null;
}

/**
 * The journey's garden: the picture of everything grown so far, in the member's layout and
 * colours, the tier's name over its sky, the tokens to the next garden tier and what grows at
 * the next level. Below it, "customise your garden": the customiser from level 6, and below
 * that level the locked feature's words.
 */
export function GardenCard({ state, toneTokens, nextGardenTier }: Props) {
  const { choice, waiting, query } = useGardenChoice();
  const [draft, setDraft] = useState<GardenChoice | null>(null);
  const { hash } = useLocation();
  const arrived = hash === `#${GARDEN_ID}`;
  // Arriving at #garden (the tier feature's chip): the customiser is what was asked for.
  const [open, setOpen] = useState(arrived);
  const heading = useRef<HTMLHeadingElement>(null);
  const panelId = useId();
  const locked = state.level < tierFeature('garden_customization').level;

  useEffect(() => {
    if (!arrived) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    heading.current?.scrollIntoView?.({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [arrived]);

  const next = state.next;
  return (
    <section id={GARDEN_ID} className={styles.card} aria-labelledby={`${panelId}-title`} data-testid="garden">
      <GardenPicture
        state={state}
        choice={draft ?? choice}
        pending={!gardenReady(query, waiting)}
        sticky={open && !locked}
        label={
          <h2 id={`${panelId}-title`} className={styles.tierName} ref={heading} tabIndex={-1}>
            <span className={styles.kicker}>your garden</span> {state.tier}
          </h2>
        }
      />
      {query.isError && !query.data && (
        <p className={styles.muted}>
          Your own layout and colours could not be loaded, so this is the first garden.{' '}
          <button type="button" className={styles.inlineButton} onClick={() => void query.refetch()}>
            try again
          </button>
        </p>
      )}
      <p className={styles.line}>
        {countText(toneTokens, 'tone token')} ·{' '}
        {nextGardenTier
          ? `${nextGardenTier.tokensToGo} more ${countWord(nextGardenTier.tokensToGo, 'token')} to grow into a ${nextGardenTier.key}`
          : 'your garden is fully grown'}
      </p>
      {next && (
        <p className={styles.muted} data-testid="garden-next">
          Next, at level {next.level}: {listInWords(next.elements.map((e) => e.name))} (
          {countText(next.tokensToGo, 'tone token')} to go).
        </p>
      )}
      {waiting && !draft && (
        <p className={styles.muted}>
          Your new garden is saved on this device and syncs when you are back online.
        </p>
      )}
      <button
        type="button"
        className={styles.disclosure}
        aria-expanded={open}
        aria-controls={`${panelId}-panel`}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={styles.disclosureText}>
          <span>customise your garden</span>
          {locked && <span className={styles.disclosureHint}>opens at level 6</span>}
        </span>
        <span aria-hidden="true" className={styles.chevron}>
          {open ? '▴' : '▾'}
        </span>
      </button>
      {open && (
        <div id={`${panelId}-panel`} className={styles.panel}>
          <FeatureGate feature="garden_customization">
            <Suspense fallback={<StateMessage kind="loading" title="loading…" />}>
              <GardenCustomiser saved={choice} draft={draft} onDraft={setDraft} grown={state.elements} />
            </Suspense>
          </FeatureGate>
        </div>
      )}
    </section>
  );
}
