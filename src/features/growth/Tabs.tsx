import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { nextTabIndex } from '../community/community-text';
import styles from './Growth.module.css';

/** WAI-ARIA tabs (arrow keys, Home, End) shared by the growth pages. */
export function Tabs<K extends string>({
  label,
  tabs,
  current,
  onChange,
  idPrefix,
  children,
}: {
  label: string;
  tabs: readonly { key: K; label: string }[];
  current: K;
  onChange: (key: K) => void;
  idPrefix: string;
  children: ReactNode;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = tabs.findIndex((t) => t.key === current);
  const onKeyDown = (e: KeyboardEvent) => {
    const next = nextTabIndex(e.key, index, tabs.length);
    const target = next === null ? undefined : tabs[next];
    if (next === null || !target) return;
    e.preventDefault();
    onChange(target.key);
    refs.current[next]?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className={styles.tabs} onKeyDown={onKeyDown}>
        {tabs.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${t.key}`}
            aria-selected={t.key === current}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={t.key === current ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${idPrefix}-panel`}
        aria-labelledby={`${idPrefix}-tab-${current}`}
        className={styles.panel}
      >
        {children}
      </div>
    </>
  );
}
