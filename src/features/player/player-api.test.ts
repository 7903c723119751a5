// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The supabase client as player-api sees it: a session (or none) and the storage signer. */
const client = vi.hoisted(() => ({
  session: null as { access_token: string } | null,
  signed: [] as string[],
}));
vi.mock('../../lib/supabase', () => ({
  supabase: () =>
    Promise.resolve({
      auth: { getSession: () => Promise.resolve({ data: { session: client.session }, error: null }) },
      storage: {
        from: () => ({
          createSignedUrl: (path: string) => {
            client.signed.push(path);
            return Promise.resolve({ data: { signedUrl: `/storage/v1/object/sign/audio/${path}?token=t` } });
          },
        }),
      },
    }),
}));

const { NotSignedInError, signAudioPathOnline } = await import('./player-api');

beforeEach(() => {
  client.session = null;
  client.signed = [];
});

describe('signAudioPathOnline', () => {
  it('signs for a signed-in member', async () => {
    client.session = { access_token: 'member' };
    expect(await signAudioPathOnline('guided/012-voice.mp3')).toBe(
      '/storage/v1/object/sign/audio/guided/012-voice.mp3?token=t',
    );
    expect(client.signed).toEqual(['guided/012-voice.mp3']);
  });

  it('does not ask the server once the session has ended (its answer would be a 400)', async () => {
    await expect(signAudioPathOnline('guided/012-voice.mp3')).rejects.toBeInstanceOf(NotSignedInError);
    expect(client.signed).toEqual([]);
  });
});
