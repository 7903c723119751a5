import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectPlayerOpen, usePlayerStore } from './player-store';

/** The history-state field that marks "the full-screen player is open over this page". */
const MARK = 'tunefulPlayer';

/**
 * The full-screen player is a history entry (issue 8 item 3): opening it pushes an entry with
 * the same URL and a marker in its state, so the browser's or Android's Back pops that entry
 * and closes the player, leaving the page underneath where it was (same path: no scroll to
 * top, no navigation). Closing it with its own button goes back over the entry, so history
 * holds no stale player entries. Navigating elsewhere while it is open closes it.
 */
export function usePlayerHistory(): void {
  const open = usePlayerStore(selectPlayerOpen);
  const close = usePlayerStore((s) => s.close);
  const location = useLocation();
  const navigate = useNavigate();
  // The marker of the entry we pushed, while it exists.
  const pushed = useRef<string | null>(null);
  const entryMark = (location.state as Record<string, unknown> | null)?.[MARK];

  useEffect(() => {
    const onOurEntry = pushed.current !== null && entryMark === pushed.current;
    if (open && pushed.current === null) {
      const mark = `${Date.now()}-${Math.random()}`;
      pushed.current = mark;
      const state = { ...((location.state as Record<string, unknown> | null) ?? {}), [MARK]: mark };
      navigate(`${location.pathname}${location.search}${location.hash}`, { state });
    } else if (open && pushed.current !== null && !onOurEntry) {
      // Back (or a navigation) left the player's entry: close the player.
      pushed.current = null;
      close();
    } else if (!open && pushed.current !== null) {
      pushed.current = null;
      // Closed from inside the player: remove its entry, unless something already moved on.
      if (onOurEntry) navigate(-1);
    }
    // location.key changes with every entry, including ours and Back's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, location.key]);
}
