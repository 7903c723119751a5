import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
import { retryTableReads, supabase } from '../../lib/supabase';
import { useAuthStore } from '../auth/auth-store';
import { browserTimeZone } from './profile-text';

/** GET /api/users/{id}/dashboard (server/api/listening/dashboard.ts). */
export interface Dashboard {
  streaks: { current: number; longest: number };
  user: { totalSessions: number; currentStreak: number; toneTokens: number };
  /** minutes: practice minutes; listeningMinutes: listening-room tracks, kept apart. */
  totals: { minutes: number; listeningMinutes: number; sessions: number };
  /** The member's stored zone and their day in it (today's recommendation picks by it). */
  timeZone: string;
  today: string;
}
export interface EchoedSession {
  id: number;
  title: string;
}
/**
 * One session of the member's practice ledger (server/api/practice/ledger.ts): a catalogue
 * session (sessionId is the catalogue id) or a guided exercise from the template player
 * (sessionId is the template id). Partial practice is not in the list.
 */
export interface CompletedSession {
  kind: 'catalogue' | 'template';
  sessionId: number;
  title: string;
  completedAt: string;
  localDate: string;
  minutes: number;
}
export interface MyReflection {
  id: number;
  /** A catalogue session, or a guided exercise (then sessionId is the template's id). */
  kind: 'catalogue' | 'template';
  sessionId: number;
  text: string;
  createdAt: string;
  /** Null when the session is gone or its title could not be read. */
  sessionTitle: string | null;
}

const useUserId = () => useAuthStore((s) => s.user?.id ?? null);

/**
 * The API reads go through the app's default reader (it GETs key[0]). Keys are the bare API
 * paths on purpose: the player's refreshAfterCompletion/refreshAfterEcho invalidate any key
 * containing 'dashboard', 'completed-sessions' or 'echoed-sessions', so the profile follows.
 */
export function useDashboard() {
  const userId = useUserId();
  const path = `/api/users/${userId ?? ''}/dashboard?tz=${encodeURIComponent(browserTimeZone())}`;
  return useQuery<Dashboard>({ queryKey: [path], enabled: userId !== null });
}

export function useEchoedSessions() {
  const userId = useUserId();
  return useQuery<EchoedSession[]>({
    queryKey: [`/api/users/${userId ?? ''}/echoed-sessions`],
    enabled: userId !== null,
  });
}

export function useCompletedSessions() {
  const userId = useUserId();
  return useQuery<CompletedSession[]>({
    queryKey: [`/api/users/${userId ?? ''}/completed-sessions`],
    enabled: userId !== null,
  });
}

interface ReflectionRow {
  id: number;
  /** Null for a reflection on a template session (migration 0117): then template_id is set. */
  session_id: number | null;
  template_id: number | null;
  reflection_text: string;
  created_at: string;
}

/**
 * The member's own reflections, newest first (row-level rules return only their rows), with
 * session titles looked up in one extra read. A failed title lookup is not worth an error
 * screen: the reflections still show, without titles.
 */
async function fetchMyReflections(): Promise<MyReflection[]> {
  const { data, error } = await (
    await supabase()
  )
    .from('reflections')
    .select('id, session_id, template_id, reflection_text, created_at')
    .retry(retryTableReads())
    .order('created_at', { ascending: false });
  if (error) throw new Error(error.message);
  const rows = (data ?? []) as ReflectionRow[];
  const titles = new Map<number, string>();
  const ids = [...new Set(rows.flatMap((r) => (r.session_id === null ? [] : [r.session_id])))];
  if (ids.length > 0) {
    const res = await (
      await supabase()
    )
      .from('sessions')
      .select('id, title')
      .retry(retryTableReads())
      .in('id', ids);
    if (res.error) console.warn('Could not read the titles of reflected sessions', res.error);
    for (const s of (res.data ?? []) as { id: number; title: string }[]) titles.set(s.id, s.title);
  }
  const templateTitles = new Map<number, string>();
  if (rows.some((r) => r.template_id !== null)) {
    try {
      const list = await apiJson<{ id: number; title: string }[]>('GET', '/api/session-templates');
      for (const t of list) templateTitles.set(t.id, t.title);
    } catch (err) {
      console.warn('Could not read the titles of reflected guided exercises', err);
    }
  }
  return rows.map((r) => ({
    id: r.id,
    kind: r.template_id !== null ? ('template' as const) : ('catalogue' as const),
    sessionId: r.template_id ?? r.session_id ?? 0,
    text: r.reflection_text,
    createdAt: r.created_at,
    sessionTitle:
      r.template_id !== null
        ? (templateTitles.get(r.template_id) ?? null)
        : (titles.get(r.session_id ?? 0) ?? null),
  }));
}

export function useMyReflections() {
  const userId = useUserId();
  return useQuery({
    queryKey: ['profile', 'reflections', userId],
    queryFn: fetchMyReflections,
    enabled: userId !== null,
    // Nothing invalidates this list when the player saves a reflection, so each visit re-reads it.
    staleTime: 0,
  });
}
