import type { UseQueryResult } from '@tanstack/react-query';
import { StateMessage } from '../../ui/StateMessage';
import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import type { VoiceCircle } from './circles-api';
import { CircleCard } from './CircleCard';
import styles from './VoiceCircles.module.css';

/** A list of circles with the loading, empty, error-with-retry and data states. */
export function CircleList({
  query,
  empty,
  what,
}: {
  query: UseQueryResult<VoiceCircle[]>;
  empty: string;
  what: string;
}) {
  const shown = useSavedBlock(query, what);
  if (shown.data === undefined) return shown.fallback;
  if (shown.data.length === 0)
    return (
      <>
        {shown.note}
        <StateMessage kind="empty" title={empty} />
      </>
    );
  return (
    <>
      {shown.note}
      <ul className={styles.list}>
        {shown.data.map((c) => (
          <CircleCard key={c.id} circle={c} />
        ))}
      </ul>
    </>
  );
}
