import { useNavigate } from 'react-router-dom';
import { usePlayerStore } from '../player/player-store';
import type { LearningItem } from './expert-api';

/**
 * Opens a class or program step where it is played: catalogue sessions in the existing player,
 * session templates in the template player at /session/{id}. Finishing either goes through its
 * own completion route, which advances the program on the server.
 */
export function useOpenItem() {
  const navigate = useNavigate();
  return (item: LearningItem) => {
    if (item.kind === 'session') usePlayerStore.getState().open(item.id);
    else void navigate(`/session/${item.id}`);
  };
}
