/**
 * Which types a bucket takes and which may be shown inline. The `audio` bucket holds the
 * catalogue's tracks, so it takes audio only; anything else served from our origin (text/html,
 * JavaScript, SVG) would run with the app's privileges.
 */
const AUDIO = /^audio\/[a-z0-9.+-]+$/;

function essence(mimetype: string): string {
  return (mimetype.split(';')[0] ?? '').trim().toLowerCase();
}

export function allowedInBucket(bucket: string, mimetype: string): boolean {
  if (bucket !== 'audio') return true;
  return AUDIO.test(essence(mimetype));
}

/** Audio may play inline; everything else is sent as an attachment inside a CSP sandbox. */
export function isServableInline(mimetype: string): boolean {
  return AUDIO.test(essence(mimetype));
}
