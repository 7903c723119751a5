import { describe, expect, it } from 'vitest';
import { linkErrorMessage, parseLinkError } from './reset-link';

describe('reset link errors', () => {
  it('reads an expired link from the fragment', () => {
    const err = parseLinkError(
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
    expect(err).toEqual({ code: 'otp_expired', description: 'Email link is invalid or has expired' });
    expect(linkErrorMessage(err!)).toBe('This reset link has expired or has already been used.');
  });

  it('finds no error in a session fragment or an empty one', () => {
    expect(parseLinkError('#access_token=x&type=recovery')).toBeNull();
    expect(parseLinkError('')).toBeNull();
  });

  it('words an unknown failure without blaming expiry', () => {
    expect(linkErrorMessage({ code: 'server_error', description: 'boom' })).toBe(
      'This reset link could not be used.',
    );
  });
});
