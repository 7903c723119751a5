import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The static first paint (issue 13, src/app/first-paint.ts): the markup of `/`, `/signup` and
 * `/tuning-room` as a signed-out visitor's first render shows it, rendered by the build
 * (scripts/prerender.mjs, `.vite/shells.json`), goes inside `<div id="root">`, so the screen
 * paints as soon as the HTML and its stylesheet are in, before the entry chunk has downloaded,
 * been parsed and run (most of the LCP at 4x CPU). It is inert until the app's first render
 * replaces it with the same markup.
 *
 * A browser that would render something else there (a stored session, voice analyses kept in
 * this browser, an email link's result in the URL, the offline line) must not see it even for a moment: GUARD runs
 * in the head before the body is parsed and, for those, marks `<html>` so a rule hides it.
 */
export const NO_SHELL_CLASS = 'tf-no-shell';

const GUARD =
  `(function(){try{var s=localStorage;` +
  `for(var i=0;i<s.length;i++){var k=s.key(i)||'';` +
  `if(/^sb-.*-auth-token$/.test(k)||k==='tuneful_voice_sessions')throw 0}` +
  `if(/[#&?](access_token|error|error_code|error_description)=/.test(location.hash+'&'+location.search))throw 0;` +
  `if(navigator.onLine===false)throw 0` +
  `}catch(e){document.documentElement.classList.add('${NO_SHELL_CLASS}')}})()`;

/** The guard's hash for the Content-Security-Policy (script-src stays 'self' otherwise). */
export const GUARD_CSP_SOURCE = `'sha256-${crypto.createHash('sha256').update(GUARD).digest('base64')}'`;

const HEAD = `<style>.${NO_SHELL_CLASS} #root[data-shell]>*{display:none}</style><script>${GUARD}</script>`;

export interface FirstPaint {
  /** Added before `</head>`. */
  head: string;
  /** Replaces `<div id="root"></div>`. */
  root: string;
  /** The stylesheets the markup needs, inline in the head instead of linked (static-files.ts). */
  styles: InlineStyle[];
}

export interface InlineStyle {
  /** Path under the client folder, e.g. `assets/index-abc.css`. */
  file: string;
  css: string;
}

/**
 * The first paint for a path, or null (no prerendered markup for it, or the client has not
 * been built with it). Read once at start.
 */
export function firstPaints(clientDir: string): (urlPath: string) => FirstPaint | null {
  let shells: Record<string, { html?: unknown; css?: unknown }>;
  try {
    shells = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/shells.json'), 'utf8')) as typeof shells;
  } catch {
    return () => null;
  }
  const pages = new Map<string, FirstPaint>();
  for (const [route, { html, css }] of Object.entries(shells)) {
    if (typeof html !== 'string' || !route.startsWith('/') || /["<>&]/.test(route)) continue;
    const styles = readStyles(clientDir, css);
    // Without its stylesheets the markup would paint unstyled and then jump: no first paint.
    if (!styles) continue;
    pages.set(route, {
      head: HEAD,
      root: `<div id="root" data-shell="${route}" inert aria-disabled="true">${html}</div>`,
      styles,
    });
  }
  // A member's landing page sends a visitor to sign-in: that screen is what such a visit paints.
  const signIn = pages.get('/');
  if (signIn) for (const route of SIGNED_OUT_TO_SIGN_IN) pages.set(route, signIn);
  return (urlPath) => pages.get(urlPath) ?? null;
}

/**
 * Member pages people open from outside the app (a bookmark, the installed app's start): without
 * a stored session the app sends the visitor to `/?returnTo=<path>` (RequireMember), so their
 * HTML carries `/`'s markup (data-shell="/") and src/app/first-paint.ts moves the address there
 * before the first render (issue 20: signed out, `/home` painted only after the app ran). With a
 * stored session, the guard hides it and the app renders the member's page as before.
 */
export const SIGNED_OUT_TO_SIGN_IN = ['/home'];

function readStyles(clientDir: string, files: unknown): InlineStyle[] | null {
  if (!Array.isArray(files)) return null;
  const styles: InlineStyle[] = [];
  for (const file of files) {
    if (typeof file !== 'string' || !/^assets\/[\w.-]+\.css$/.test(file)) return null;
    let css: string;
    try {
      css = fs.readFileSync(path.join(clientDir, file), 'utf8');
    } catch {
      return null;
    }
    // Could end the <style> element early; the build's CSS never does.
    if (/<\/style/i.test(css)) return null;
    styles.push({ file, css });
  }
  return styles;
}
