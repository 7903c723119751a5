import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../sessions/session';
import { DownloadRefused, downloadSession } from './downloads';

const ORIGIN = 'http://localhost:8787';
const MB = 1024 * 1024;
const HUM: Session = {
  id: 7,
  title: 'Hum',
  description: '',
  coverColor: null,
  voicePath: 'sessions/a-voice.mp3',
  instrPath: 'sessions/a-instr.mp3',
  lengthSec: 300,
  skillLevel: 'beginner',
  category: ['find'],
  moods: [],
  tags: '',
  intentions: [],
  musicians: [],
};
const signed = [
  {
    path: 'sessions/a-voice.mp3',
    url: `${ORIGIN}/storage/v1/object/sign/audio/sessions/a-voice.mp3?token=t1`,
  },
  {
    path: 'sessions/a-instr.mp3',
    url: `${ORIGIN}/storage/v1/object/sign/audio/sessions/a-instr.mp3?token=t2`,
  },
];

/** A Cache Storage stand-in that records every key written and deleted. */
function fakeCaches() {
  const store = new Map<string, Response>();
  const cache = {
    put: vi.fn(async (key: string, res: Response) => void store.set(key, res)),
    delete: vi.fn(async (key: string) => store.delete(key)),
    match: vi.fn(async (key: string) => store.get(key)),
    keys: vi.fn(async () => [...store.keys()].map((k) => new Request(k))),
  };
  return { store, cache, caches: { open: vi.fn(async () => cache) } };
}

function stubBrowser(estimate: { quota: number; usage: number }, bodyBytes: number, failSecond = false) {
  const fake = fakeCaches();
  const persist = vi.fn(async () => true);
  vi.stubGlobal('caches', fake.caches);
  vi.stubGlobal('location', { origin: ORIGIN });
  vi.stubGlobal('navigator', { storage: { estimate: async () => estimate, persist } });
  let gets = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const headers = { 'Content-Type': 'audio/mpeg', 'Content-Length': String(bodyBytes) };
      if (init?.method === 'HEAD') return new Response(null, { status: 200, headers });
      gets++;
      if (failSecond && gets === 2) throw new TypeError('Failed to fetch');
      return new Response(new Uint8Array(bodyBytes), { status: 200, headers });
    }),
  );
  return { ...fake, persist };
}

afterEach(() => vi.unstubAllGlobals());

describe('downloadSession', () => {
  it('stores both versions under token-free keys, then the record, with progress and persistent storage asked', async () => {
    const b = stubBrowser({ quota: 1000 * MB, usage: 0 }, 1000);
    const progress: number[] = [];
    const record = await downloadSession(HUM, signed, (p) => progress.push(p.received));
    expect([...b.store.keys()]).toEqual([
      `${ORIGIN}/storage/v1/object/sign/audio/sessions/a-voice.mp3`,
      `${ORIGIN}/storage/v1/object/sign/audio/sessions/a-instr.mp3`,
      `${ORIGIN}/__offline/downloads/7.json`,
    ]);
    // The row goes with it: the profile's Downloads opens the player offline from it.
    expect(record).toMatchObject({ sessionId: 7, title: 'Hum', bytes: 2000, session: HUM });
    expect(progress.at(-1)).toBe(2000);
    expect(b.persist).toHaveBeenCalled();
  });

  it('refuses before downloading anything when the sizes do not fit the quota, and says so', async () => {
    const b = stubBrowser({ quota: 40 * MB, usage: 0 }, 20 * MB);
    const err = await downloadSession(HUM, signed, () => undefined).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DownloadRefused);
    expect((err as Error).message).toMatch(/^Not enough storage on this device: this session needs 41\.9 MB/);
    expect(b.cache.put).not.toHaveBeenCalled();
    // Only the HEAD size checks went out, no audio.
    expect(vi.mocked(fetch).mock.calls.every(([, init]) => init?.method === 'HEAD')).toBe(true);
  });

  it('all or nothing: a failure half-way removes what was written and lists nothing', async () => {
    const b = stubBrowser({ quota: 1000 * MB, usage: 0 }, 1000, true);
    await expect(downloadSession(HUM, signed, () => undefined)).rejects.toThrow('Failed to fetch');
    expect(b.store.size).toBe(0);
  });
});
