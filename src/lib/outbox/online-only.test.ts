import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../api';
import { OfflineRefusal, offlineText, onlineOnly, writeErrorText } from './online-only';

afterEach(() => vi.unstubAllGlobals());

describe('writes that cannot wait', () => {
  it('are refused at once offline, in words naming what needs the connection, without sending', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const write = vi.fn(() => Promise.resolve('done'));
    const refused = onlineOnly('Creating a circle', write);
    await expect(refused).rejects.toBeInstanceOf(OfflineRefusal);
    await expect(refused).rejects.toThrow(
      "You're offline. Creating a circle needs a connection: try again when you're back online.",
    );
    expect(write).not.toHaveBeenCalled();
    expect(offlineText('Signing in')).toBe(
      "You're offline. Signing in needs a connection: try again when you're back online.",
    );
  });

  it('say the same when the request never reached the server, and pass the server’s own refusals on', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(offlineText('Signing in')).toBeNull();
    await expect(
      onlineOnly('Joining a circle', () => Promise.reject(new TypeError('Failed to fetch'))),
    ).rejects.toThrow(/Joining a circle needs a connection/);
    const full = new ApiRequestError(409, '{"message":"This circle is full."}');
    const err = await onlineOnly('Joining a circle', () => Promise.reject(full)).catch((e: unknown) => e);
    expect(err).toBe(full);
    expect(writeErrorText(err, 'Could not join.')).toBe('This circle is full.');
    expect(writeErrorText(new Error('boom'), 'Could not join.')).toBe('Could not join.');
  });
});
