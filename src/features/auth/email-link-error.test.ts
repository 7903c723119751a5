import { describe, expect, it } from 'vitest';
import { explainEmailLinkError, parseEmailLinkError } from './email-link-error';

describe('an email link that failed', () => {
  it('is read from the fragment the verify endpoint redirects to', () => {
    const error = parseEmailLinkError(
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      '',
    );
    expect(error).toEqual({ code: 'otp_expired', description: 'Email link is invalid or has expired' });
    expect(explainEmailLinkError(error!)).toMatch(/expired or was already used/);
  });

  it('is read from the query too (the PKCE flow answers there)', () => {
    expect(parseEmailLinkError('', '?error=server_error&error_description=Boom')).toEqual({
      code: 'server_error',
      description: 'Boom',
    });
  });

  it('is nothing for an ordinary visit or a session fragment', () => {
    expect(parseEmailLinkError('', '?returnTo=%2Fhome')).toBeNull();
    expect(parseEmailLinkError('#access_token=x&type=signup', '')).toBeNull();
  });

  it('shows the server description for codes it does not know', () => {
    expect(explainEmailLinkError({ code: 'weird', description: 'Try later' })).toBe(
      'That email link did not work: Try later.',
    );
  });
});
