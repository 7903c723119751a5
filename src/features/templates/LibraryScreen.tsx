import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { skillLevelColour } from '../../domain/skill-levels';
import { BackHeader } from '../../ui/BackHeader';
import { StateMessage } from '../../ui/StateMessage';
import { NeedsConnection, SavedNote } from '../offline/saved-data/SavedNote';
import { useQueryView } from '../offline/saved-data/use-query-view';
import { CategoryIcon } from '../sessions/CategoryIcon';
import { useTemplates, type TemplateSummary } from './template-api';
import { difficultyLabel, FOCUS_LABELS, focusLabel, planMinutes, voiceLevelLabel } from './template-text';
import styles from './Templates.module.css';
import { countText } from '../../lib/plural';

type Focus = 'all' | keyof typeof FOCUS_LABELS;
const FILTERS: Focus[] = ['all', 'find', 'free', 'fine-tune', 'fun'];

/** /library: the session templates, guided exercise plans the template player walks through. */
export function LibraryScreen() {
  const list = useTemplates();
  const view = useQueryView(list);
  const [focus, setFocus] = useState<Focus>('all');
  useEffect(() => {
    if (list.isError) console.warn('Could not load the session library', list.error);
  }, [list.isError, list.error]);

  return (
    <section className={styles.screen} aria-label="Library">
      <BackHeader to="/home" backLabel="back to home" title="Library">
        <p className={styles.lead}>Guided practice plans, step by step, with a voice to lead you.</p>
      </BackHeader>
      <div className={styles.filters} role="group" aria-label="Filter by focus">
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
      {/* The list held (saved on the device) wins over an error: offline its refresh fails. */}
      {view.kind === 'data' ? (
        <>
          <SavedNote savedAt={view.savedAt} />
          <TemplateList items={view.data.filter((t) => focus === 'all' || t.category === focus)} />
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

function TemplateList({ items }: { items: TemplateSummary[] }) {
  if (items.length === 0)
    return <StateMessage kind="empty" title="No sessions here yet." hint="Try another focus." />;
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
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
