import { describe, expect, it } from 'vitest';
import {
  INVALID_URL,
  NOTICES,
  checkConnection,
  classifyStatus,
  describeConnection,
  validateBackend,
} from './admin-rules';

describe('admin backend settings', () => {
  it('asks for both URL and key', () => {
    expect(validateBackend('', 'key')).toBe('Please enter both URL and API key.');
    expect(validateBackend('https://x.supabase.co', ' ')).toBe(NOTICES.missing);
  });

  it('refuses a URL that is not an absolute http(s) address', () => {
    expect(validateBackend('x.supabase.co', 'key')).toBe(INVALID_URL);
    expect(validateBackend('ftp://x', 'key')).toBe(INVALID_URL);
    expect(validateBackend('https://x.supabase.co', 'key')).toBeNull();
  });

  it('classifies answers as connected, key refused, unreachable or unexpected', () => {
    expect(classifyStatus(200)).toBe('connected');
    expect(classifyStatus(401)).toBe('key_refused');
    expect(classifyStatus(null)).toBe('unreachable');
    expect(classifyStatus(500)).toBe('unexpected');
  });

  it('measures the round trip of /auth/v1/settings with the key', async () => {
    let t = 100;
    const calls: [string, RequestInit | undefined][] = [];
    const fakeFetch = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      t += 42;
      return new Response('{}', { status: 200 });
    }) as unknown as typeof fetch;
    const result = await checkConnection('https://x.example/', 'k', fakeFetch, () => t);
    expect(result).toEqual({ state: 'connected', latencyMs: 42, status: 200 });
    expect(calls[0]?.[0]).toBe('https://x.example/auth/v1/settings');
    expect((calls[0]?.[1]?.headers as Record<string, string>).apikey).toBe('k');
    expect(describeConnection(result)).toBe('Connected · answered in 42 ms');
  });

  it('reports a network failure as unreachable', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect((await checkConnection('https://down.example', 'k', failing)).state).toBe('unreachable');
  });
});
