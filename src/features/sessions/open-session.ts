import { usePlayerStore, type PlayerMode } from '../player/player-store';
import { isInstrumentalOnly, type Session } from './session';

/** Opens the full-screen player; a track with no voice guide always opens as instrumental. */
export function openSession(session: Session, mode: PlayerMode = 'vocal'): void {
  usePlayerStore.getState().open(session.id, isInstrumentalOnly(session) ? 'instrumental' : mode);
}
