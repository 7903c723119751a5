import type { ReactNode } from 'react';
import { Tabs as UiTabs } from '../../ui/Tabs';
import styles from './Growth.module.css';

/** The shared WAI-ARIA tabs in the growth pages' look. */
export function Tabs<K extends string>(props: {
  label: string;
  tabs: readonly { key: K; label: string }[];
  current: K;
  onChange: (key: K) => void;
  idPrefix: string;
  children: ReactNode;
}) {
  return <UiTabs {...props} classes={{ tabs: styles.tabs, tab: styles.tab, panel: styles.panel }} />;
}
