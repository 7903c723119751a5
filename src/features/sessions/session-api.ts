import { apiJson } from '../../lib/api';
import { retryTableReads, supabase } from '../../lib/supabase';
import { toSession, toSessions, type Session } from './session';

/** Spec core §9: home latest 10; random pool 100; trending 5. */
export const LATEST_LIMIT = 10;
export const RANDOM_POOL_LIMIT = 100;
export const TRENDING_LIMIT = 5;

/** Direct table reads (spec core §7). Errors are thrown so queries show their error state. */
export async function fetchLatestSessions(limit = LATEST_LIMIT): Promise<Session[]> {
  const { data, error } = await (
    await supabase()
  )
    .from('sessions')
    .select('*')
    .retry(retryTableReads())
    .order('id', { ascending: false })
    .limit(limit);
  if (error) throw new Error(error.message);
  return toSessions(data);
}

export async function fetchSessionPool(): Promise<Session[]> {
  const { data, error } = await (
    await supabase()
  )
    .from('sessions')
    .select('*')
    .retry(retryTableReads())
    // In id order, so it is the same pool on every load (today's recommendation picks from it).
    .order('id', { ascending: true })
    .limit(RANDOM_POOL_LIMIT);
  if (error) throw new Error(error.message);
  return toSessions(data);
}

export async function fetchAllSessions(): Promise<Session[]> {
  const { data, error } = await (
    await supabase()
  )
    .from('sessions')
    .select('*')
    .retry(retryTableReads())
    .order('id', { ascending: false });
  if (error) throw new Error(error.message);
  return toSessions(data);
}

/**
 * Discover's list: the table, or GET /api/voice-sessions when the table read is empty or
 * fails (spec core §2). Only when both fail does the caller see an error.
 */
export async function fetchDiscoverSessions(): Promise<Session[]> {
  try {
    const rows = await fetchAllSessions();
    if (rows.length > 0) return rows;
  } catch (err) {
    console.warn('Reading sessions failed; trying /api/voice-sessions', err);
  }
  const body = await apiJson<unknown>('GET', '/api/voice-sessions');
  const list = Array.isArray(body) ? body : (body as { sessions?: unknown } | null)?.sessions;
  return toSessions(list).sort((a, b) => b.id - a.id);
}

export async function fetchSessionById(id: number): Promise<Session> {
  const { data, error } = await (
    await supabase()
  )
    .from('sessions')
    .select('*')
    .retry(retryTableReads())
    .eq('id', id)
    .single();
  if (error) throw new Error(error.message);
  const session = toSession(data);
  if (!session) throw new Error(`Session ${id} is not a readable session row.`);
  return session;
}
