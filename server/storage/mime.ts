/**
 * Which types a bucket takes and which may be shown inline. Every bucket holds audio (the
 * catalogue's tracks, voice notes), so each takes audio only; anything else served from our
 * origin (text/html, JavaScript, SVG) would run with the app's privileges.
 */
const AUDIO = /^audio\/[a-z0-9.+-]+$/;

function essence(mimetype: string): string {
  return (mimetype.split(';')[0] ?? '').trim().toLowerCase();
}

export function allowedInBucket(mimetype: string): boolean {
  return AUDIO.test(essence(mimetype));
}

/** Audio may play inline; everything else is sent as an attachment inside a CSP sandbox. */
export function isServableInline(mimetype: string): boolean {
  return AUDIO.test(essence(mimetype));
}
