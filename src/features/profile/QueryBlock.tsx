import { useEffect, type ReactNode } from 'react';
import { StateMessage } from '../../ui/StateMessage';

interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * One data block of the profile: loading, a readable error with retry (the cause goes to the
 * console, never onto the screen), the empty text, or the content.
 */
export function QueryBlock<T>({
  query,
  what,
  isEmpty,
  emptyText,
  children,
}: {
  query: QueryLike<T>;
  /** Finishes "We couldn't load …", e.g. 'your stats'. */
  what: string;
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}) {
  const { data, isPending, isError, error, refetch } = query;
  useEffect(() => {
    if (isError) console.warn(`Could not load ${what}`, error);
  }, [isError, error, what]);
  if (isError)
    return (
      <StateMessage
        kind="error"
        title={`We couldn't load ${what} just now.`}
        onRetry={() => void refetch()}
      />
    );
  if (isPending || data === undefined) return <StateMessage kind="loading" title="loading…" />;
  if (isEmpty?.(data) && emptyText) return <StateMessage kind="empty" title={emptyText} />;
  return <>{children(data)}</>;
}
