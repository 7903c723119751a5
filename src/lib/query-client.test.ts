import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api';
import { retryDelay, shouldRetry } from './query-client';

afterEach(() => vi.unstubAllGlobals());

describe('query retries', () => {
  it('never retries a refused or unauthorised read', () => {
    for (const status of [400, 401, 403, 404, 422, 429]) {
      expect(shouldRetry(0, new ApiRequestError(status, 'no'))).toBe(false);
    }
  });

  it('retries a server error or a network failure twice, backing off', () => {
    expect(shouldRetry(0, new ApiRequestError(503, 'busy'))).toBe(true);
    expect(shouldRetry(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, new ApiRequestError(500, 'x'))).toBe(false);
    expect(retryDelay(0)).toBe(1000);
    expect(retryDelay(1)).toBe(2000);
    expect(retryDelay(10)).toBe(8000);
  });

  it('waits out the Retry-After of a 503 (a restarting database), within bounds', () => {
    expect(retryDelay(0, new ApiRequestError(503, 'unavailable', '3'))).toBe(3000);
    expect(retryDelay(3, new ApiRequestError(503, 'unavailable', '3'))).toBe(8000);
    expect(retryDelay(0, new ApiRequestError(503, 'unavailable', '3600'))).toBe(10_000);
    expect(retryDelay(0, new ApiRequestError(503, 'unavailable', 'soon'))).toBe(1000);
    expect(retryDelay(0, new ApiRequestError(500, 'x'))).toBe(1000);
  });

  it('does not retry a network failure while the browser says it is offline', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(false);
    expect(shouldRetry(0, new ApiRequestError(503, 'busy'))).toBe(false);
  });

  it('does not retry other errors (a table read whose status is unknown)', () => {
    expect(shouldRetry(0, new Error('JWT expired'))).toBe(false);
  });
});
