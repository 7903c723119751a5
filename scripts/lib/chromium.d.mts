/** The Chromium binary the browser tests drive (see chromium.mjs). */
export function chromiumPath(): string;
/** Installs Debian's Chromium when missing and possible; true when a browser is there. */
export function ensureChromium(): boolean;
