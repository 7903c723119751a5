import { useEffect, useRef } from 'react';

/**
 * Brings a message into view when it appears or its words change. A form's message often appears
 * below the field the member was in, or above a button at the bottom of a dialog that scrolls:
 * without this it stays cut off at the panel's edge (issue 30: create circle offline at 390x844).
 * `block: 'nearest'` moves nothing when the message is already in view.
 */
export function useReveal<T extends HTMLElement>(words: unknown, enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [words, enabled]);
  return ref;
}
