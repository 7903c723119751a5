import { useMemo } from 'react';
import { usePendingOfKind } from './pending-writes-queries';

/** A reflection saved offline, from the player (private) or shared with the community. */
export interface WaitingReflection {
  /** The outbox key: unique, for React. */
  key: string;
  kind: 'catalogue' | 'template';
  sessionId: number;
  text: string;
  shared: boolean;
  /** When it was saved (ISO). */
  savedAt: string;
}

/**
 * Reflections waiting in the outbox, newest first: the player's private ones (a /rest/v1 row)
 * and those shared offline (`POST /api/community/reflections`). `shared` only: the community's.
 */
export function useWaitingReflections({ sharedOnly = false } = {}): WaitingReflection[] {
  const own = usePendingOfKind('private-reflection');
  const shared = usePendingOfKind('reflection');
  return useMemo(() => {
    const rows = sharedOnly ? [] : own.map((i) => ({ item: i, row: i.body as PrivateRow }));
    const list: WaitingReflection[] = [
      ...rows.map(({ item, row }) => ({
        key: item.key,
        kind: row.template_id != null ? ('template' as const) : ('catalogue' as const),
        sessionId: row.template_id ?? row.session_id ?? 0,
        text: row.reflection_text,
        shared: false,
        savedAt: item.occurredAt,
      })),
      ...shared.map((item) => {
        const body = item.body as SharedBody;
        return {
          key: item.key,
          kind: body.kind ?? 'catalogue',
          sessionId: body.sessionId,
          text: body.reflectionText,
          shared: true,
          savedAt: item.occurredAt,
        };
      }),
    ];
    return list.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
  }, [own, shared, sharedOnly]);
}

interface PrivateRow {
  session_id?: number | null;
  template_id?: number | null;
  reflection_text: string;
}
interface SharedBody {
  kind?: 'catalogue' | 'template';
  sessionId: number;
  reflectionText: string;
}

/**
 * The waiting reflections the stored list does not hold yet: a reflection is one entry when
 * it is the same words on the same session (sent, the answer lost: shown once, as stored).
 */
export function notYetStoredReflections<S>(
  waiting: readonly WaitingReflection[],
  stored: readonly S[],
  of: (s: S) => { sessionId: number; text: string },
): WaitingReflection[] {
  return waiting.filter(
    (w) =>
      !stored.some((s) => {
        const x = of(s);
        return x.sessionId === w.sessionId && x.text.trim() === w.text.trim();
      }),
  );
}
