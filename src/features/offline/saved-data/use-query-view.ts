import { useNetworkStore } from '../network-store';
import { useSavedDataStatus } from './saved-data-status';
import { viewOf, type QueryLike, type QueryView } from './query-view';

/** When this page was loaded (navigation start): older answers came from the device. */
const PAGE_STARTED_AT = Math.floor(performance.timeOrigin);

/** The view of one query on this device now: data (saved or fresh), loading, needs a connection, or error. */
export function useQueryView<T>(query: QueryLike<T>): QueryView<T> {
  const online = useNetworkStore((s) => s.online);
  const restoring = useSavedDataStatus((s) => s.restoring);
  return viewOf(query, { online, restoring, pageStartedAt: PAGE_STARTED_AT });
}
