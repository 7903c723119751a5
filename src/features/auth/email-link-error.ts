/**
 * An email link that could not be used (expired, already used, wrong) comes back to the app
 * with GoTrue's error parameters, in the fragment (implicit flow) or the query (PKCE flow):
 * `error`, `error_code` and `error_description`. Read once at boot, before anything rewrites
 * the URL, and kept here for the sign-in screen.
 */
export interface EmailLinkError {
  code: string;
  description: string;
}

let captured: EmailLinkError | null = null;

export function parseEmailLinkError(hash: string, search: string): EmailLinkError | null {
  for (const raw of [hash.replace(/^#/, ''), search.replace(/^\?/, '')]) {
    const params = new URLSearchParams(raw);
    const code = params.get('error_code') ?? params.get('error');
    const description = params.get('error_description');
    if (code || description) return { code: code ?? 'unknown', description: description ?? '' };
  }
  return null;
}

export function captureEmailLinkError(location: Pick<Location, 'hash' | 'search'>): void {
  captured = parseEmailLinkError(location.hash, location.search);
}

export function takenEmailLinkError(): EmailLinkError | null {
  return captured;
}

export function forgetEmailLinkError(): void {
  captured = null;
}

/** What the member reads: plain words for the codes a link can fail with. */
export function explainEmailLinkError(error: EmailLinkError): string {
  switch (error.code) {
    case 'otp_expired':
      return 'That email link has expired or was already used. If you have not confirmed your email yet, we can send you a new link.';
    case 'access_denied':
      return 'That email link could not be used. If you have not confirmed your email yet, we can send you a new link.';
    default:
      return error.description
        ? `That email link did not work: ${error.description}.`
        : 'That email link did not work.';
  }
}
