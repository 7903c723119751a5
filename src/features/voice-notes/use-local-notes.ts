import { useCallback, useEffect, useState } from 'react';
import { notesOf, onLocalNotesChange, type LocalNote } from './local-notes';

export interface LocalNotesState {
  notes: LocalNote[];
  status: 'loading' | 'ready' | 'error';
  retry: () => void;
}

/** The member's notes on this device, re-read whenever they change. */
export function useLocalNotes(userId: string | null): LocalNotesState {
  const [notes, setNotes] = useState<LocalNote[]>([]);
  const [status, setStatus] = useState<LocalNotesState['status']>('loading');
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    const read = () =>
      notesOf(userId).then(
        (list) => {
          if (!live) return;
          setNotes(list);
          setStatus('ready');
        },
        (err: unknown) => {
          console.warn('Could not read the voice notes on this device', err);
          if (live) setStatus('error');
        },
      );
    void read();
    const off = onLocalNotesChange(() => void read());
    return () => {
      live = false;
      off();
    };
  }, [userId, attempt]);

  return { notes, status, retry };
}
