import type { Config } from '../config';

/** Allow-list entries may end in `/**` (GoTrue style) to mean "this path and below". */
function matches(candidate: URL, entry: string): boolean {
  let allowed: URL;
  try {
    allowed = new URL(entry.replace(/\/\*\*$/, '/'));
  } catch {
    return false;
  }
  if (allowed.origin !== candidate.origin) return false;
  const base = allowed.pathname.endsWith('/') ? allowed.pathname : `${allowed.pathname}/`;
  return (
    allowed.pathname === '/' || candidate.pathname === allowed.pathname || candidate.pathname.startsWith(base)
  );
}

/**
 * Where a mail link may send the member after verifying. Tokens are appended to this URL, so
 * only our own origin and the configured allow-list qualify; anything else falls back to the
 * site URL, as GoTrue does.
 */
export function safeRedirect(config: Config, candidate: string | undefined | null): string {
  const site = new URL(config.publicUrl).toString();
  if (!candidate) return site;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return site;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return site;
  if (url.username || url.password) return site;
  const allowed = [config.publicUrl, ...config.redirectAllowList].some((e) => matches(url, e));
  if (!allowed) return site;
  url.hash = '';
  return url.toString();
}
