/** An error the verify endpoint put in the URL fragment (reference §2.7). */
export interface LinkError {
  code: string;
  description: string;
}

/**
 * Reads `#error=…&error_code=…&error_description=…` from a mail link's landing URL. The
 * client library does not clear the fragment on errors, so the screen reads it itself.
 */
export function parseLinkError(hash: string): LinkError | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const code = params.get('error_code') ?? params.get('error');
  const description = params.get('error_description');
  if (!code && !description) return null;
  return { code: code ?? 'unknown', description: description ?? '' };
}

/** A member-facing sentence for a broken link; the server's wording is technical. */
export function linkErrorMessage(error: LinkError): string {
  if (error.code === 'otp_expired' || /expired|invalid/i.test(error.description)) {
    return 'This reset link has expired or has already been used.';
  }
  return 'This reset link could not be used.';
}
