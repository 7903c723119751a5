import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { usePlayerStore } from '../player/player-store';
import { useCompletedSessions, useEchoedSessions, type CompletedSession } from './profile-queries';
import { reflectionDate } from './profile-text';
import { QueryBlock } from './QueryBlock';
import styles from './ProfileScreen.module.css';

type Tab = 'echoed' | 'completed';
const TABS: readonly Tab[] = ['echoed', 'completed'];

const openPlayer = (sessionId: number) => usePlayerStore.getState().open(sessionId);

const keyOf = (c: CompletedSession) => `${c.kind}:${c.sessionId}`;

/** A session completed on several days is one exercise: keep its newest completion (list is newest first). */
function latestPerSession(list: CompletedSession[]): CompletedSession[] {
  const seen = new Set<string>();
  return list.filter((c) => (seen.has(keyOf(c)) ? false : (seen.add(keyOf(c)), true)));
}

/** 'your exercises': accessible tabs (arrow keys move between them) over echoed and completed sessions. */
export function ExercisesSection() {
  const [tab, setTab] = useState<Tab>('echoed');
  const base = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ echoed: null, completed: null });

  function onKey(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const at = TABS.indexOf(tab);
    const next =
      e.key === 'Home'
        ? TABS[0]
        : e.key === 'End'
          ? TABS[TABS.length - 1]
          : TABS[(at + (e.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length];
    if (!next) return;
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <section className={styles.section} aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`} className={styles.sectionTitle}>
        your exercises
      </h2>
      <div role="tablist" aria-label="your exercises" className={styles.tabs} onKeyDown={onKey}>
        {TABS.map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${t}-tab`}
            aria-selected={tab === t}
            aria-controls={`${base}-panel`}
            tabIndex={tab === t ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(t)}
          >
            {t}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-${tab}-tab`}
        className={styles.panel}
      >
        {tab === 'echoed' ? <EchoedList /> : <CompletedList />}
      </div>
    </section>
  );
}

function EchoedList() {
  const query = useEchoedSessions();
  return (
    <QueryBlock
      query={query}
      what="your echoed sessions"
      isEmpty={(d) => d.length === 0}
      emptyText="no echoed sessions yet"
    >
      {(list) => (
        <ul className={styles.list} aria-label="echoed sessions">
          {list.map((s) => (
            <li key={s.id}>
              <button type="button" className={styles.item} onClick={() => openPlayer(s.id)}>
                <span className={styles.itemTitle}>{s.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </QueryBlock>
  );
}

function CompletedList() {
  const query = useCompletedSessions();
  const now = Date.now();
  return (
    <QueryBlock
      query={query}
      what="your completed sessions"
      isEmpty={(d) => d.length === 0}
      emptyText="no completed sessions yet"
    >
      {(list) => (
        <ul className={styles.list} aria-label="completed sessions">
          {latestPerSession(list).map((c) => (
            <li key={keyOf(c)} data-kind={c.kind}>
              {c.kind === 'template' ? (
                // A guided exercise opens in the template player, not the audio player.
                <Link to={`/session/${c.sessionId}`} className={styles.item}>
                  <span className={styles.itemTitle}>{c.title}</span>
                  <span className={styles.itemMeta}>
                    guided exercise · {reflectionDate(c.completedAt, now)}
                  </span>
                </Link>
              ) : (
                <button type="button" className={styles.item} onClick={() => openPlayer(c.sessionId)}>
                  <span className={styles.itemTitle}>{c.title}</span>
                  <span className={styles.itemMeta}>{reflectionDate(c.completedAt, now)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </QueryBlock>
  );
}
