import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { nextTabIndex } from './tab-keys';

/**
 * WAI-ARIA tabs: a tab list with roving focus (arrow keys wrap, Home and End jump) and one
 * panel labelled by the selected tab. Screens bring their own look through `classes`.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  current,
  onChange,
  idPrefix,
  classes,
  children,
}: {
  label: string;
  tabs: readonly { key: K; label: string }[];
  current: K;
  onChange: (key: K) => void;
  idPrefix: string;
  classes: { tabs?: string; tab?: string; panel?: string };
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
      <div role="tablist" aria-label={label} className={classes.tabs} onKeyDown={onKeyDown}>
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
            aria-controls={`${idPrefix}-panel-${t.key}`}
            tabIndex={t.key === current ? 0 : -1}
            className={classes.tab}
            onClick={() => onChange(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${idPrefix}-panel-${current}`}
        aria-labelledby={`${idPrefix}-tab-${current}`}
        className={classes.panel}
      >
        {children}
      </div>
    </>
  );
}
