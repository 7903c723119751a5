import * as Dialog from '@radix-ui/react-dialog';
import { useMemo, useRef, useState } from 'react';
import { StateMessage } from '../../ui/StateMessage';
import { minutesLabel, roundedMinutes } from '../sessions/format';
import { openSession } from '../sessions/open-session';
import type { Session } from '../sessions/session';
import { searchSessions } from './search';
import styles from './SearchOverlay.module.css';

interface SearchOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sessions: Session[];
  loading: boolean;
}

/**
 * 'search sessions' (spec core §2). Radix Dialog gives focus trapping, Escape and outside
 * click; the query is kept here so closing (by any route) clears it.
 */
export function SearchOverlay({ open, onOpenChange, sessions, loading }: SearchOverlayProps) {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const results = useMemo(() => searchSessions(sessions, query), [sessions, query]);
  const change = (next: boolean) => {
    if (!next) setQuery('');
    onOpenChange(next);
  };
  const pick = (s: Session) => {
    change(false);
    openSession(s);
  };
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.panel}
          aria-describedby={undefined}
          onOpenAutoFocus={(e) => {
            // Typing is why the member opened search: start in the box, not on the close button.
            e.preventDefault();
            input.current?.focus();
          }}
        >
          <div className={styles.top}>
            <Dialog.Title className={styles.title}>search sessions</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close search">
              ×
            </Dialog.Close>
          </div>
          <input
            ref={input}
            // type="text" with the searchbox role: type="search" adds each engine's own clear
            // button beside our close button (issue 8); the keyboard still offers 'search'.
            type="text"
            role="searchbox"
            enterKeyHint="search"
            className={styles.input}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="calm, breathing, morning…"
            aria-label="search sessions"
            autoComplete="off"
          />
          <div className={styles.results} aria-live="polite">
            {!query.trim() ? (
              <StateMessage
                kind="empty"
                title="start typing to search"
                hint='try "calm", "breathing", or "morning"'
              />
            ) : loading ? (
              <StateMessage kind="loading" title="loading…" />
            ) : results.length === 0 ? (
              <StateMessage kind="empty" title="no sessions found" hint="try a different search term" />
            ) : (
              <ul className={styles.list}>
                {results.map((s) => (
                  <li key={s.id}>
                    <button
                      type="button"
                      className={styles.result}
                      onClick={() => pick(s)}
                      data-testid="search-result"
                    >
                      <span className={styles.resultTitle}>{s.title}</span>
                      <span className={styles.resultMinutes}>
                        {minutesLabel(roundedMinutes(s.lengthSec, 1))}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
