import { usePlayerStore, type PlayerMode } from '../player/player-store';
import { playWarmAudio } from '../player/warm-audio';
import { isInstrumentalOnly, type Session } from './session';

/** Opens the full-screen player; a track with no voice guide always opens as instrumental. */
export function openSession(session: Session, mode: PlayerMode = 'vocal'): void {
  const opening = isInstrumentalOnly(session) ? 'instrumental' : mode;
  // Audio loaded ahead of this tap starts now, in the gesture, before the player renders (issue 20).
  playWarmAudio(session.id, opening);
  usePlayerStore.getState().open(session.id, opening);
}
