// @vitest-environment jsdom
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../sessions/queries';
import { toSession, type Session } from '../sessions/session';
import { signedAudioKey } from './use-session-audio-urls';

const api = vi.hoisted(() => ({ status: null as unknown, signed: [] as string[], loads: 0 }));
vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof import('../../lib/api')>()),
  apiJson: () => Promise.resolve(api.status),
}));
vi.mock('./player-api', () => ({
  signAudioPath: (path: string) => {
    api.signed.push(path);
    return Promise.resolve(`https://tuneful.test/storage/v1/object/sign/audio/${path}?token=t`);
  },
}));
vi.mock('./player-loader', () => ({
  loadPlayerOverlay: () => {
    api.loads += 1;
    return Promise.resolve(() => null);
  },
}));

const session = toSession({
  id: 12,
  title: 'gentle voice awakening',
  voice_path: 'guided/012-voice.mp3',
  instr_path: 'guided/012-instrumental.mp3',
}) as Session;

/** The audio elements the warm-up created, with what was asked of them. */
const created: HTMLAudioElement[] = [];

beforeEach(() => {
  api.status = { ready: true, sessions: [] };
  api.signed = [];
  api.loads = 0;
  created.length = 0;
  const RealAudio = window.Audio;
  vi.stubGlobal(
    'Audio',
    class extends RealAudio {
      constructor() {
        super();
        created.push(this);
      }
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const warmUp = async (client: QueryClient, s: Session = session) =>
  (await import('./warm-up')).warmUpSession(client, s);

describe('warmUpSession: the player is ready before the tap', () => {
  it('loads the player code, hands it the session row, signs both versions and preloads the voice', async () => {
    const client = createQueryClient();
    await warmUp(client);
    expect(api.loads).toBe(1);
    expect(client.getQueryData(sessionKeys.byId(12))).toEqual(session);
    expect(api.signed.sort()).toEqual(['guided/012-instrumental.mp3', 'guided/012-voice.mp3']);
    expect(client.getQueryData(signedAudioKey('guided/012-voice.mp3'))).toMatch(/012-voice\.mp3\?token=t$/);
    expect(created).toHaveLength(1);
    expect(created[0]?.src).toMatch(/012-voice\.mp3\?token=t$/);
    expect(created[0]?.preload).toBe('metadata');
    expect(created[0]?.crossOrigin).toBe('anonymous');
  });

  it('signs nothing that is still being prepared, and preloads the version the player opens with', async () => {
    api.status = {
      ready: false,
      sessions: [{ sessionId: 12, percent: 40, voiceReady: false, instrumentalReady: true }],
    };
    const client = createQueryClient();
    await warmUp(client);
    expect(api.signed).toEqual(['guided/012-instrumental.mp3']);
    // The player opens a guided session with its voice, which is not ready: nothing to preload.
    expect(created).toHaveLength(0);
  });

  it('keeps a signed URL the player already has, and a session row it already read', async () => {
    const client = createQueryClient();
    const known = { ...session, title: 'as the player read it' };
    client.setQueryData(sessionKeys.byId(12), known);
    client.setQueryData(signedAudioKey('guided/012-voice.mp3'), 'https://tuneful.test/already-signed');
    await warmUp(client);
    expect(client.getQueryData(sessionKeys.byId(12))).toBe(known);
    expect(api.signed).toEqual(['guided/012-instrumental.mp3']);
    expect(created[0]?.src).toBe('https://tuneful.test/already-signed');
  });

  it('spends no audio data ahead of a tap on a Save-Data connection', async () => {
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    await warmUp(createQueryClient());
    expect(api.signed).toHaveLength(2);
    expect(created).toHaveLength(0);
  });
});

describe('the warm element: played by the tap that opens its session, then the player’s', () => {
  it('plays only for its session and mode, and is handed over once, for its URL only', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    const warm = await import('./warm-audio');
    const url = 'https://tuneful.test/storage/v1/object/sign/audio/guided/012-voice.mp3?token=t';
    warm.keepWarmAudio(12, 'vocal', url);
    warm.playWarmAudio(13, 'vocal');
    warm.playWarmAudio(12, 'instrumental');
    expect(play).not.toHaveBeenCalled();
    warm.playWarmAudio(12, 'vocal');
    expect(play).toHaveBeenCalledTimes(1);
    const element = warm.takeWarmAudio(url);
    expect(element).toBe(created[0]);
    expect(warm.takeWarmAudio(url)).toBeNull();

    // Another session's player: the element warmed for 12 stops and is never shown.
    warm.keepWarmAudio(12, 'vocal', url);
    expect(warm.takeWarmAudio('https://tuneful.test/other.mp3')).toBeNull();
    expect(pause).toHaveBeenCalled();
    expect(created[1]?.getAttribute('src')).toBeNull();
  });
});
