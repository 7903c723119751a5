import { formatLength } from '../../domain/voice-notes';
import { PauseGlyph, PlayGlyph } from './glyphs';
import type { AudioPlayer, AudioSource } from './use-audio-player';
import styles from './VoiceNotes.module.css';

/** Play or pause one note on the screen's player (one note plays at a time). */
export function PlayButton({
  id,
  title,
  player,
  load,
  disabled,
}: {
  id: string;
  title: string;
  player: AudioPlayer;
  load: () => Promise<AudioSource>;
  disabled?: boolean;
}) {
  const s = player.state;
  const active = s.id === id;
  const playing = active && s.status === 'playing';
  const loading = active && s.status === 'loading';
  const click = () => {
    if (playing) player.pause();
    else if (active && s.status === 'paused') void player.resume();
    else void player.play(id, load);
  };
  return (
    <button
      type="button"
      className={styles.play}
      onClick={click}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      aria-label={`${playing ? 'pause' : 'play'} ${title}`}
      data-playing={playing}
    >
      {playing ? <PauseGlyph /> : <PlayGlyph />}
    </button>
  );
}

/** "0:03 / 0:12" while the note is the one playing or paused; nothing otherwise. */
export function PlayPosition({
  id,
  durationMs,
  player,
}: {
  id: string;
  durationMs: number;
  player: AudioPlayer;
}) {
  const s = player.state;
  if (s.id !== id || s.status === 'idle') return null;
  return (
    <span className={styles.time} data-testid="play-position">
      {s.status === 'loading' ? 'loading…' : `${formatLength(s.positionMs)} / ${formatLength(durationMs)}`}
    </span>
  );
}
