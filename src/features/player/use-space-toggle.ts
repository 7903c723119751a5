import { useEffect } from 'react';

/**
 * Space toggles play/pause (spec core §4.2), except where Space already means something:
 * typing in a field, pressing a focused button or link, or inside an open dialog.
 */
export function useSpaceToggle(toggle: () => void, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.code !== 'Space' && e.key !== ' ') return;
      const el = e.target instanceof HTMLElement ? e.target : null;
      if (
        el?.closest(
          'input, textarea, select, button, a, [contenteditable="true"], [role="dialog"]:not([data-player])',
        )
      )
        return;
      e.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle, enabled]);
}
