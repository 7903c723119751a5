import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { skillLevelColour } from '../../domain/skill-levels';
import { lockedFeatureMessage, tierFeature } from '../../domain/tier-features';
import { BackHeader } from '../../ui/BackHeader';
import { StateMessage } from '../../ui/StateMessage';
import { NeedsConnection, SavedNote } from '../offline/saved-data/SavedNote';
import { useQueryView } from '../offline/saved-data/use-query-view';
import { CategoryIcon } from '../sessions/CategoryIcon';
import { LockedFeature } from '../tier-features/FeatureGate';
import { isAdvanced, useAdvancedLock, type AdvancedLock } from './advanced-lock';
import { useTemplates, type TemplateSummary } from './template-api';
import { difficultyLabel, FOCUS_LABELS, focusLabel, planMinutes, voiceLevelLabel } from './template-text';
import styles from './Templates.module.css';
import { countText } from '../../lib/plural';

type Focus = 'all' | keyof typeof FOCUS_LABELS;
const FILTERS: Focus[] = ['all', 'find', 'free', 'fine-tune', 'fun'];

/** The library's levels: the templates' difficulty, kept in the address (?level=advanced). */
const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
type Level = (typeof LEVELS)[number];
const levelOf = (raw: string | null): Level | null =>
  ((LEVELS as readonly string[]).find((l) => l === raw) as Level | null) ?? null;

/**
 * /library: the session templates, guided exercise plans the template player walks through.
 * `?level=advanced` is the tier feature advanced_sessions (level 4): its plans, with what they are
 * and, below the level, what opens them.
 */
export function LibraryScreen() {
  const list = useTemplates();
  const view = useQueryView(list);
  const lock = useAdvancedLock();
  const [params, setParams] = useSearchParams();
  const level = levelOf(params.get('level'));
  const [focus, setFocus] = useState<Focus>('all');
  // The chosen level may sit past the phone's edge (/library?level=advanced): bring it into view.
  const levelRow = useRef<HTMLDivElement>(null);
  useEffect(() => {
    levelRow.current
      ?.querySelector('[aria-pressed="true"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [level]);
  useEffect(() => {
    if (list.isError) console.warn('Could not load the session library', list.error);
  }, [list.isError, list.error]);
  const chooseLevel = (next: Level | null) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next) copy.set('level', next);
        else copy.delete('level');
        return copy;
      },
      { replace: true },
    );

  return (
    <section className={styles.screen} aria-label="Library">
      <BackHeader to="/home" backLabel="back to home" title="Library">
        <p className={styles.lead}>Guided practice plans, step by step, with a voice to lead you.</p>
      </BackHeader>
      <div className={styles.filters} role="group" aria-label="Filter by level" ref={levelRow}>
        <span className={styles.filterLabel} aria-hidden>
          level
        </span>
        {[null, ...LEVELS].map((l) => (
          <button
            key={l ?? 'every'}
            type="button"
            className={styles.filter}
            aria-pressed={level === l}
            onClick={() => chooseLevel(l)}
          >
            {l ?? 'every level'}
          </button>
        ))}
      </div>
      <div className={styles.filters} role="group" aria-label="Filter by focus">
        <span className={styles.filterLabel} aria-hidden>
          focus
        </span>
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className={styles.filter}
            aria-pressed={focus === f}
            onClick={() => setFocus(f)}
          >
            {f === 'all' ? 'All' : focusLabel(f)}
          </button>
        ))}
      </div>
      {level === 'advanced' && <AdvancedIntro lock={lock} />}
      {/* The list held (saved on the device) wins over an error: offline its refresh fails. */}
      {view.kind === 'data' ? (
        <>
          <SavedNote savedAt={view.savedAt} />
          <TemplateList
            items={view.data.filter(
              (t) => (focus === 'all' || t.category === focus) && (level === null || t.difficulty === level),
            )}
            lock={lock}
          />
        </>
      ) : view.kind === 'needs-connection' ? (
        <NeedsConnection onRetry={() => void list.refetch()} />
      ) : view.kind === 'error' ? (
        <StateMessage
          kind="error"
          title="We couldn't load the library just now."
          onRetry={() => void list.refetch()}
        />
      ) : (
        <StateMessage kind="loading" title="Loading sessions..." />
      )}
    </section>
  );
}

/** What advanced sessions are and, below level 4, which level opens them and how far it is. */
function AdvancedIntro({ lock }: { lock: AdvancedLock }) {
  const feature = tierFeature('advanced_sessions');
  if (lock.kind === 'locked')
    return (
      <div className={styles.intro}>
        <LockedFeature feature="advanced_sessions" tokens={lock.tokens} />
        <p className={styles.lead}>
          You can read every plan below now; they start once you reach level {feature.level}.
        </p>
      </div>
    );
  return (
    <div className={styles.intro}>
      <h2 className={styles.introTitle}>{feature.title}</h2>
      <p className={styles.lead}>
        {feature.summary} Swells, runs, sirens across your whole range and resonance work, about a quarter of
        an hour each: rest whenever your voice asks for it.
      </p>
    </div>
  );
}

function TemplateList({ items, lock }: { items: TemplateSummary[]; lock: AdvancedLock }) {
  if (items.length === 0)
    return <StateMessage kind="empty" title="No sessions here yet." hint="Try another focus or level." />;
  return (
    <ul className={styles.list}>
      {items.map((t) => (
        <li key={t.id}>
          <Link
            to={`/session/${t.id}`}
            className={styles.card}
            style={{ borderColor: skillLevelColour(t.voiceLevel) }}
            data-testid="library-item"
          >
            <span className={styles.icon}>
              <CategoryIcon category={t.category} width={24} height={24} />
            </span>
            <span className={styles.cardBody}>
              <span className={styles.cardTitle}>{t.title}</span>
              <span className={styles.cardText}>{t.description}</span>
              <span className={styles.meta}>
                {planMinutes(t.duration)} min · {countText(t.steps, 'step')} · {difficultyLabel(t.difficulty)}{' '}
                · {voiceLevelLabel(t.voiceLevel)}
              </span>
              {isAdvanced(t) && lock.kind === 'locked' && (
                <span className={styles.lockedLine} data-testid="library-item-locked">
                  <span className={styles.lockWord}>locked</span> ·{' '}
                  {lockedFeatureMessage('advanced_sessions', lock.tokens)}
                </span>
              )}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
