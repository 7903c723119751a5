import { useEffect, type ReactNode } from 'react';
import { StateMessage } from '../../ui/StateMessage';
import { NeedsConnection, SavedNote } from '../offline/saved-data/SavedNote';
import type { QueryLike } from '../offline/saved-data/query-view';
import { useQueryView } from '../offline/saved-data/use-query-view';

/**
 * One data block of the profile and the growth screens: loading, a readable error with retry
 * (the cause goes to the console, never onto the screen), "needs a connection" when nothing was
 * saved here and the network is out of reach, the empty text, or the content, with a "Saved
 * 14:02" note when it is this device's saved copy.
 */
export function QueryBlock<T>({
  query,
  what,
  isEmpty,
  emptyText,
  children,
}: {
  query: QueryLike<T> & { refetch: () => unknown };
  /** Finishes "We couldn't load …", e.g. 'your stats'. */
  what: string;
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}) {
  const { isError, error, refetch } = query;
  const view = useQueryView(query);
  useEffect(() => {
    if (isError) console.warn(`Could not load ${what}`, error);
  }, [isError, error, what]);
  if (view.kind === 'needs-connection') return <NeedsConnection onRetry={() => void refetch()} />;
  if (view.kind === 'error')
    return (
      <StateMessage
        kind="error"
        title={`We couldn't load ${what} just now.`}
        onRetry={() => void refetch()}
      />
    );
  if (view.kind === 'loading') return <StateMessage kind="loading" title="loading…" />;
  const note = <SavedNote savedAt={view.savedAt} />;
  if (isEmpty?.(view.data) && emptyText)
    return (
      <>
        {note}
        <StateMessage kind="empty" title={emptyText} />
      </>
    );
  return (
    <>
      {note}
      {children(view.data)}
    </>
  );
}
