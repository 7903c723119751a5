/**
 * Names and keys shared by the service worker (src/sw/) and the page. Pure: no browser API,
 * so the rules are unit-tested and both sides agree on every key.
 */

/** The app shell of one build; the suffix is the build's content hash, so an update is a new cache. */
export const SHELL_CACHE_PREFIX = 'tuneful-shell-';
/** Network-first copy of the runtime config (the name is kept so existing devices clear it on sign-out). */
export const CATALOGUE_CACHE = 'tuneful-catalogue-v1';
/** Downloaded audio and one JSON record per downloaded session. */
export const DOWNLOADS_CACHE = 'tuneful-downloads-v1';

const SIGNED_OBJECT = '/storage/v1/object/sign/';
const META_PATH = '/__offline/downloads/';

/**
 * The stable cache key of a storage object: origin and path of its signed URL, without the
 * token. Signed URLs change with every signing (and expire after 7 days); the object path does
 * not, so a download made today still plays next month. Null for any other URL.
 */
export function audioCacheKey(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!parsed.pathname.startsWith(SIGNED_OBJECT) || parsed.pathname.length === SIGNED_OBJECT.length)
    return null;
  return `${parsed.origin}${parsed.pathname}`;
}

/** True for a URL the service worker answers from the downloads cache: a signed-object path with no token. */
export function isOfflineAudioRequest(url: URL): boolean {
  return url.pathname.startsWith(SIGNED_OBJECT) && !url.searchParams.has('token');
}

/** Where the record of a downloaded session is kept (same origin, never requested from the network). */
export function downloadRecordKey(origin: string, sessionId: number): string {
  return `${origin}${META_PATH}${sessionId}.json`;
}

export function isDownloadRecordKey(url: string): boolean {
  try {
    return new URL(url).pathname.startsWith(META_PATH);
  } catch {
    return false;
  }
}

/**
 * The one read the service worker keeps: the runtime config the app needs to start when
 * index.html does not carry it. Screen data (the catalogue included) is saved per member by the
 * page itself (src/features/offline/saved-data/), with the time it arrived, so the screens can
 * say how old it is; a second, silent copy here would show old data as if it were fresh.
 */
export function isCatalogueRead(method: string, url: URL, appOrigin: string): boolean {
  if (method !== 'GET' || url.origin !== appOrigin) return false;
  return url.pathname === '/api/config';
}
