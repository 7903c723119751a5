import type { PlayerMode } from './player-store';
import styles from './Player.module.css';

/** Voice-guided or music-only; the player keeps the position when switching. */
export function ModeSwitch({
  mode,
  canVocal,
  canInstrumental,
  onChange,
}: {
  mode: PlayerMode;
  canVocal: boolean;
  canInstrumental: boolean;
  onChange: (mode: PlayerMode) => void;
}) {
  if (!canVocal || !canInstrumental) return null;
  return (
    <div className={styles.modeSwitch} role="group" aria-label="Version">
      <button type="button" aria-pressed={mode === 'vocal'} onClick={() => onChange('vocal')}>
        with voice
      </button>
      <button type="button" aria-pressed={mode === 'instrumental'} onClick={() => onChange('instrumental')}>
        music only
      </button>
    </div>
  );
}
