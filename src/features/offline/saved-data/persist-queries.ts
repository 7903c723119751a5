import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { savedDataStore, type SavedDataStore } from './saved-data-store';
import { useSavedDataStatus } from './saved-data-status';
import { unloadCopy, type UnloadCopy } from './unload-copy';

type DehydratedQuery = DehydratedState['queries'][number];

/**
 * Reads that are not worth keeping: answers already on this device (downloads, the outbox),
 * signed audio URLs (they carry a token and expire; downloads use their own stable keys) and
 * the catalogue's audio preparation status (true only for the moment it was asked).
 */
const NOT_SAVED = new Set(['offline-downloads', 'outbox', 'signed-audio', '/api/catalogue-audio']);

export function isSavable(query: Query): boolean {
  const head = query.queryKey[0];
  return query.state.data !== undefined && !(typeof head === 'string' && NOT_SAVED.has(head));
}

/**
 * How long after an answer the saved copy is written: long enough to write a screen's burst of
 * answers once, short enough that a reload right after a screen appears finds it saved.
 */
export const SAVE_DELAY_MS = 50;

interface MemberSource {
  current(): string | null;
  subscribe(listener: (memberId: string | null) => void): () => void;
}

/**
 * The one offline mechanism for screen data: every answer a screen received through TanStack
 * Query is saved per member (with the time it arrived) and put back into the query cache at the
 * next start, before the network is asked. Screens then show saved data with a "Saved 14:02"
 * note when the network cannot refresh it (src/features/offline/saved-data/query-view.ts).
 *
 * - Restored answers are marked invalid, so an online start still refreshes every screen.
 * - Kept entries are merged: a screen opened last week stays saved even after its query left
 *   memory, with the time of its own last answer.
 * - A refreshed answer that failed keeps its saved copy (stored as success with its old time).
 * - Answers not yet saved when the page is left are kept in localStorage (./unload-copy.ts) and
 *   folded into the saved copy at the next start.
 * Clearing on sign-out is clearSavedData (clear-saved-data.ts, called by clearOfflineData).
 */
export function startSavedData(
  client: QueryClient,
  members: MemberSource,
  store: SavedDataStore = savedDataStore(),
  onLeave: UnloadCopy = unloadCopy(),
): () => void {
  let member: string | null = null;
  let kept = new Map<string, DehydratedQuery>();
  let restored: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Answers up to this time are in the store; later ones are what leaving the page would drop. */
  let savedThrough = 0;
  /** This page's key among the copies kept on leaving, and the earlier pages' copies folded in. */
  const pageId = Math.random().toString(36).slice(2);
  let folded: string[] = [];

  const restore = async (id: string) => {
    useSavedDataStatus.setState({ restoring: true });
    try {
      const stored = (await store.get(id))?.queries ?? [];
      const left = onLeave.read(id);
      if (member !== id) return;
      // The stored answers need no copy when this page is left; the copies stay until saved.
      savedThrough = Math.max(0, ...stored.map((q) => q.state.dataUpdatedAt + 1));
      folded = left.map((c) => c.key);
      const queries = newestOf(stored, ...left.map((c) => c.queries));
      if (queries.length === 0) return;
      for (const q of queries) if (!kept.has(q.queryHash)) kept.set(q.queryHash, q);
      hydrate(client, { mutations: [], queries });
      const hydrated = new Map(queries.map((q) => [q.queryHash, q.state.dataUpdatedAt]));
      // Only where the saved answer is the one in place: a newer answer needs no refresh.
      await client.invalidateQueries({
        predicate: (q) => hydrated.get(q.queryHash) === q.state.dataUpdatedAt,
        refetchType: 'active',
      });
    } catch (err) {
      console.warn('Could not read the saved screens of this device', err);
    } finally {
      if (member === id) {
        useSavedDataStatus.setState({ restoring: false });
        // Answers that arrived before this code started listening are saved too.
        schedule();
      }
    }
  };

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void save();
    }, SAVE_DELAY_MS);
  };

  const save = async () => {
    const id = member;
    if (!id) return;
    await restored;
    if (member !== id) return;
    const startedAt = Date.now();
    const foldedIn = folded;
    const fresh = dehydrate(client, { shouldDehydrateQuery: isSavable }).queries;
    for (const q of fresh) kept.set(q.queryHash, asSaved(q));
    if (kept.size === 0) return;
    try {
      await store.put({ memberId: id, queries: [...kept.values()] });
      savedThrough = Math.max(savedThrough, startedAt);
      for (const key of foldedIn) onLeave.remove(key);
      folded = folded.filter((key) => !foldedIn.includes(key));
    } catch (err) {
      console.warn('Could not save the screens for offline use', err);
    }
  };

  const switchTo = (id: string | null) => {
    if (id === member) return;
    clearTimeout(timer);
    member = id;
    kept = new Map();
    savedThrough = 0;
    folded = [];
    restored = id ? restore(id) : Promise.resolve();
    if (!id) useSavedDataStatus.setState({ restoring: false });
  };

  switchTo(members.current());
  if (!member) useSavedDataStatus.setState({ restoring: false });
  const stopMembers = members.subscribe(switchTo);
  const stopCache = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !member) return;
    if (isSavable(event.query)) schedule();
  });
  // Leaving the page (a reload, a link out, closing the tab) within SAVE_DELAY_MS of an answer
  // would drop it, and so would a save still writing: the answers not yet in the store go to
  // localStorage at once (an IndexedDB write begun now dies with the page), and a waiting save
  // is tried as well.
  const flush = () => {
    if (!member) return;
    const unsaved = dehydrate(client, {
      shouldDehydrateQuery: (q) => isSavable(q) && q.state.dataUpdatedAt >= savedThrough,
    }).queries;
    // A copy written earlier by this page (the tab was hidden, then came back) is replaced:
    // whatever it held is either in the store by now or among these answers again.
    if (unsaved.length > 0) onLeave.write(member, pageId, unsaved.map(asSaved));
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    void save();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const pageEvents = typeof window !== 'undefined' && typeof document !== 'undefined';
  if (pageEvents) {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
  }
  return () => {
    clearTimeout(timer);
    stopMembers();
    stopCache();
    if (pageEvents) {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    }
  };
}

/** Each query once, with its newest answer (the store's copy or the one kept on leaving). */
function newestOf(...lists: DehydratedQuery[][]): DehydratedQuery[] {
  const newest = new Map<string, DehydratedQuery>();
  for (const q of lists.flat()) {
    const had = newest.get(q.queryHash);
    if (!had || q.state.dataUpdatedAt > had.state.dataUpdatedAt) newest.set(q.queryHash, q);
  }
  return [...newest.values()];
}

/** Saved as the last good answer: a failed refresh or a fetch in flight is not part of it. */
function asSaved(q: DehydratedQuery): DehydratedQuery {
  return {
    ...q,
    state: {
      ...q.state,
      status: 'success',
      error: null,
      fetchStatus: 'idle',
      fetchFailureCount: 0,
      fetchFailureReason: null,
      isInvalidated: false,
    },
  };
}
