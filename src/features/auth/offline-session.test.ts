import { describe, expect, it } from 'vitest';
import type { Session } from '@supabase/supabase-js';
import { memoryStorage } from '../../lib/memory-storage';
import { sessionWhileUnreachable, storedSession } from './offline-session';

const storage = memoryStorage;

const stored = { access_token: 'expired.jwt', expires_at: 1, user: { id: 'ada' } };

describe('the session kept while the server cannot be reached', () => {
  it("reads supabase-js's stored session", () => {
    const s = storage({ tuneful_remember_me: 'true', 'sb-localhost-auth-token': JSON.stringify(stored) });
    expect(storedSession(s)?.user.id).toBe('ada');
  });

  it('is none when nothing usable is stored (signed out, or not a session)', () => {
    expect(storedSession(storage({}))).toBeNull();
    expect(storedSession(storage({ 'sb-localhost-auth-token': 'not json' }))).toBeNull();
    expect(storedSession(storage({ 'sb-localhost-auth-token': JSON.stringify({ user: {} }) }))).toBeNull();
  });

  it('prefers what the client reports, and falls back to the stored session only when it reports none', () => {
    const s = storage({ 'sb-localhost-auth-token': JSON.stringify(stored) });
    const fresh = { access_token: 'fresh', user: { id: 'ada' } } as Session;
    expect(sessionWhileUnreachable(fresh, s)).toBe(fresh);
    expect(sessionWhileUnreachable(null, s)?.access_token).toBe('expired.jwt');
    expect(sessionWhileUnreachable(null, storage({}))).toBeNull();
  });
});
