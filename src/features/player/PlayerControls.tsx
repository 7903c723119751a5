import { SKIP_SECONDS } from './use-audio';
import styles from './Player.module.css';

export function PlayerControls({
  playing,
  disabled,
  onToggle,
  onSkip,
}: {
  playing: boolean;
  disabled: boolean;
  onToggle: () => void;
  onSkip: (delta: number) => void;
}) {
  return (
    <div className={styles.controls}>
      <button
        type="button"
        className={styles.skip}
        onClick={() => onSkip(-SKIP_SECONDS)}
        disabled={disabled}
        aria-label={`Back ${SKIP_SECONDS} seconds`}
      >
        <SkipIcon back />
        <span className={styles.skipLabel}>{SKIP_SECONDS}</span>
      </button>
      <button
        type="button"
        className={styles.playButton}
        onClick={onToggle}
        disabled={disabled}
        aria-label={playing ? 'Pause' : 'Play'}
        data-testid="play-toggle"
        data-playing={playing}
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <button
        type="button"
        className={styles.skip}
        onClick={() => onSkip(SKIP_SECONDS)}
        disabled={disabled}
        aria-label={`Forward ${SKIP_SECONDS} seconds`}
      >
        <SkipIcon />
        <span className={styles.skipLabel}>{SKIP_SECONDS}</span>
      </button>
    </div>
  );
}

const PlayIcon = () => (
  <svg width="32" height="32" viewBox="0 0 24 24" aria-hidden>
    <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
  </svg>
);

const PauseIcon = () => (
  <svg width="32" height="32" viewBox="0 0 24 24" aria-hidden>
    <rect x="6.5" y="5" width="4" height="14" rx="1.2" fill="currentColor" />
    <rect x="13.5" y="5" width="4" height="14" rx="1.2" fill="currentColor" />
  </svg>
);

const SkipIcon = ({ back = false }: { back?: boolean }) => (
  <svg
    width="40"
    height="40"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    strokeLinecap="round"
    aria-hidden
    style={back ? undefined : { transform: 'scaleX(-1)' }}
  >
    <path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3" />
    <path d="M4 3.5v4h4" />
  </svg>
);
