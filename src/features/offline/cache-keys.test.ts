import { describe, expect, it } from 'vitest';
import {
  audioCacheKey,
  downloadRecordKey,
  isCatalogueRead,
  isDownloadRecordKey,
  isOfflineAudioRequest,
} from './cache-keys';

const ORIGIN = 'http://localhost:8787';

describe('audioCacheKey', () => {
  it('drops the token: two signings of one object share a key', () => {
    const a = audioCacheKey(`${ORIGIN}/storage/v1/object/sign/audio/sessions/7/voice.mp3?token=aaa`);
    const b = audioCacheKey(`${ORIGIN}/storage/v1/object/sign/audio/sessions/7/voice.mp3?token=bbb`);
    expect(a).toBe(`${ORIGIN}/storage/v1/object/sign/audio/sessions/7/voice.mp3`);
    expect(b).toBe(a);
  });
  it('keeps the path as requested, percent-encoding included, and the origin', () => {
    expect(audioCacheKey('https://x.supabase.co/storage/v1/object/sign/audio/a%20b.mp3?token=t')).toBe(
      'https://x.supabase.co/storage/v1/object/sign/audio/a%20b.mp3',
    );
  });
  it('is null for anything that is not a signed object', () => {
    expect(audioCacheKey(`${ORIGIN}/storage/v1/object/sign/`)).toBeNull();
    expect(audioCacheKey(`${ORIGIN}/rest/v1/sessions`)).toBeNull();
    expect(audioCacheKey('not a url')).toBeNull();
  });
});

describe('isOfflineAudioRequest', () => {
  it('only the stable key (no token) is answered from the downloads', () => {
    expect(isOfflineAudioRequest(new URL(`${ORIGIN}/storage/v1/object/sign/audio/x.mp3`))).toBe(true);
    expect(isOfflineAudioRequest(new URL(`${ORIGIN}/storage/v1/object/sign/audio/x.mp3?token=t`))).toBe(
      false,
    );
    expect(isOfflineAudioRequest(new URL(`${ORIGIN}/storage/v1/object/audio/x.mp3`))).toBe(false);
  });
});

describe('isCatalogueRead', () => {
  const read = (path: string, method = 'GET', origin = ORIGIN) =>
    isCatalogueRead(method, new URL(path, origin), ORIGIN);
  it('keeps the runtime config only: screen data is saved per member by the page, with its time', () => {
    expect(read('/api/config')).toBe(true);
    expect(read('/rest/v1/sessions?select=*&order=id.desc&limit=10')).toBe(false);
    expect(read('/api/voice-sessions')).toBe(false);
  });
  it('never auth, member data, writes or another origin', () => {
    expect(read('/auth/v1/user')).toBe(false);
    expect(read('/auth/v1/token?grant_type=refresh_token')).toBe(false);
    expect(read('/rest/v1/reflections?select=*')).toBe(false);
    expect(read('/rest/v1/session_logs')).toBe(false);
    expect(read('/api/users/u1/dashboard')).toBe(false);
    expect(read('/api/voice-sessions/3')).toBe(false);
    expect(read('/rest/v1/sessions', 'POST')).toBe(false);
    expect(read('/rest/v1/sessions', 'GET', 'https://elsewhere.example')).toBe(false);
  });
});

describe('download records', () => {
  it('have their own keys, which are not audio keys', () => {
    const key = downloadRecordKey(ORIGIN, 12);
    expect(key).toBe(`${ORIGIN}/__offline/downloads/12.json`);
    expect(isDownloadRecordKey(key)).toBe(true);
    expect(isDownloadRecordKey(`${ORIGIN}/storage/v1/object/sign/audio/x.mp3`)).toBe(false);
    expect(audioCacheKey(key)).toBeNull();
  });
});
