import { useEffect, type ReactNode } from 'react';
import { StateMessage } from '../../../ui/StateMessage';
import type { QueryLike } from './query-view';
import { NeedsConnection, SavedNote } from './SavedNote';
import { useQueryView } from './use-query-view';

/** A block's data with its "Saved 14:02" note, or what to show instead (loading, words, error). */
export type SavedBlock<T> =
  | { data: T; note: ReactNode; fallback?: undefined }
  | { data?: undefined; note?: undefined; fallback: ReactNode };

/**
 * QueryBlock (src/features/profile/QueryBlock.tsx) as a hook, for screens whose layout does not
 * fit a render prop (community, circles, expert content, wellness): saved data wins over an
 * error offline, with its note; nothing saved and no network says "needs a connection"; a
 * server error says "We couldn't load <what> just now." with a retry (the cause is logged).
 */
export function useSavedBlock<T>(
  query: QueryLike<T> & { refetch: () => unknown },
  what: string,
): SavedBlock<T> {
  const view = useQueryView(query);
  const { isError, error, refetch } = query;
  useEffect(() => {
    if (isError) console.warn(`Could not load ${what}`, error);
  }, [isError, error, what]);
  const retry = () => void refetch();
  switch (view.kind) {
    case 'data':
      return { data: view.data, note: <SavedNote savedAt={view.savedAt} /> };
    case 'needs-connection':
      return { fallback: <NeedsConnection onRetry={retry} /> };
    case 'error':
      return {
        fallback: <StateMessage kind="error" title={`We couldn't load ${what} just now.`} onRetry={retry} />,
      };
    default:
      return { fallback: <StateMessage kind="loading" title="loading…" /> };
  }
}
