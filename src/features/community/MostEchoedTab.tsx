import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import { skillLevelColour } from '../../domain/skill-levels';
import { StateMessage } from '../../ui/StateMessage';
import { usePlayerStore } from '../player/player-store';
import { CategoryIcon } from '../sessions/CategoryIcon';
import { useMostEchoed } from './community-api';
import { echoesAndCounting, primaryCategory } from './community-text';
import styles from './CommunityScreen.module.css';

export function MostEchoedTab() {
  const list = useMostEchoed();
  const open = usePlayerStore((s) => s.open);

  const shown = useSavedBlock(list, 'the most echoed sessions');
  if (shown.data === undefined) return shown.fallback;
  if (shown.data.length === 0)
    return (
      <>
        {shown.note}
        <StateMessage
          kind="empty"
          title="No echoed sessions yet."
          hint="Echo a session you love to lift it here."
        />
      </>
    );
  return (
    <>
      {shown.note}
      <ul className={styles.list}>
        {shown.data.map((s) => (
          <li key={s.id} data-testid="most-echoed-item">
            <button
              type="button"
              className={`${styles.card} ${styles.loved}`}
              style={{ borderColor: skillLevelColour(s.skill_level) }}
              onClick={() => open(s.id)}
            >
              <span className={styles.categoryIcon}>
                <CategoryIcon category={primaryCategory(s.category)} width={24} height={24} />
              </span>
              <span className={styles.body}>
                <span className={styles.lovedTitle}>{s.title}</span>
                <span className={styles.meta}>{echoesAndCounting(s.echoes)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
