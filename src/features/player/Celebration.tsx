import * as Dialog from '@radix-ui/react-dialog';
import { useMemo } from 'react';
import { Button } from '../../ui/Button';
import styles from './Celebration.module.css';
import { countText } from '../../lib/plural';
import { EarnedList } from '../rewards/EarnedList';
import type { EarnedBadge, EarnedStreakReward } from '../rewards/earned';

/** Spec core §9: 50 confetti pieces. */
export const CONFETTI_PIECES = 50;
const COLOURS = ['#3f6f64', '#c8664d', '#8d7fb8', '#d4e157', '#e8a84e', '#a8c3a1'];

/**
 * The first-session celebration: 'congratulations', the first tone tokens earned, confetti,
 * and one button that closes it and then the player. Under reduced motion the confetti
 * stays still instead of falling.
 */
export function Celebration({
  open,
  tokens,
  onDone,
  first = true,
  newBadges = [],
  streakRewards = [],
}: {
  open: boolean;
  tokens: number;
  onDone: () => void;
  /** False when a later session opens it for a new badge or a streak reward. */
  first?: boolean;
  newBadges?: readonly EarnedBadge[];
  streakRewards?: readonly EarnedStreakReward[];
}) {
  const pieces = useMemo(
    () =>
      Array.from({ length: CONFETTI_PIECES }, (_, i) => ({
        left: (i * 37) % 100,
        delay: (i % 10) * 90,
        duration: 1800 + ((i * 53) % 1400),
        colour: COLOURS[i % COLOURS.length],
        turn: (i * 47) % 360,
      })),
    [],
  );
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onDone()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <div className={styles.confetti} aria-hidden data-testid="confetti">
          {pieces.map((p, i) => (
            <span
              key={i}
              className={styles.piece}
              style={{
                left: `${p.left}%`,
                background: p.colour,
                animationDelay: `${p.delay}ms`,
                animationDuration: `${p.duration}ms`,
                rotate: `${p.turn}deg`,
              }}
            />
          ))}
        </div>
        <Dialog.Content className={styles.card} data-testid="celebration">
          <Dialog.Title className={styles.title}>congratulations</Dialog.Title>
          <Dialog.Description className={styles.text}>
            {first
              ? 'you completed your first session and earned your first tone tokens.'
              : newBadges.length > 0
                ? 'you completed a session and unlocked a new badge.'
                : 'you completed a session and your streak earned a reward.'}
          </Dialog.Description>
          <p className={styles.tokens} data-testid="celebration-tokens">
            +{countText(tokens + streakRewards.reduce((n, r) => n + r.bonus, 0), 'tone token')}
          </p>
          <EarnedList badges={newBadges} streakRewards={streakRewards} />
          <Button block onClick={onDone}>
            continue my journey
          </Button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
