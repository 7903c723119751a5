import { useEffect } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { StateMessage } from '../../ui/StateMessage';
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
  useEffect(() => {
    if (query.isError) console.warn(`Could not load ${what}`, query.error);
  }, [query.isError, query.error, what]);
  if (query.isError)
    return (
      <StateMessage
        kind="error"
        title={`We couldn't load ${what} just now.`}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.isPending) return <StateMessage kind="loading" title="loading…" />;
  if (query.data.length === 0) return <StateMessage kind="empty" title={empty} />;
  return (
    <ul className={styles.list}>
      {query.data.map((c) => (
        <CircleCard key={c.id} circle={c} />
      ))}
    </ul>
  );
}
