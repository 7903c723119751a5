// `node scripts/prerender.mjs` (part of `npm run build`, after the client build): renders the
// first screens' markup (src/prerender/render-shell.tsx) into dist/client/.vite/shells.json,
// { "<path>": { html, css: ["assets/….css", …] } }: the server puts the markup inside
// `<div id="root">` for those paths and the stylesheets it needs (entry's and screen's, in the
// order Vite loads them) inline in the head (server/lib/first-paint.ts), so the screen paints
// with the HTML alone, before the entry chunk has downloaded and run.
// The components run in Node on jsdom's window, as a first visit with nothing stored; CSS module
// class names come out as in the client build (same files, same naming).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { JSDOM, VirtualConsole } from 'jsdom';
import { build } from 'vite';
import { FIRST_SCREENS } from './lib/first-screen.mjs';
// Effects that run after the first commit (queries, canvas) fail harmlessly here.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist/prerender');
const clientDir = path.join(root, 'dist/client');
if (!fs.existsSync(path.join(clientDir, 'index.html')))
  throw new Error('Build the client first (vite build).');

// Each route renders in a process of its own (`--render <route>`, below): React numbers useId
// values with one counter per page, so a route rendered after another would carry other ids
// than the browser's first render of it gives (`/signup`'s fields after `/`'s), and the static
// markup would not be the same as the app's.
const renderOnly = process.argv[2] === '--render' ? process.argv[3] : null;
if (renderOnly) {
  await renderOneRoute(renderOnly);
  process.exit(0);
}

await build({
  root,
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  build: {
    ssr: path.join(root, 'src/prerender/render-shell.tsx'),
    outDir,
    emptyOutDir: true,
    sourcemap: false,
  },
});

const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'));
/** CSS files of a chunk and its static imports, imports first (the order Vite loads them in). */
const cssOf = (key, seen = new Set(), out = []) => {
  if (seen.has(key) || !manifest[key]) return out;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) cssOf(dep, seen, out);
  for (const file of manifest[key].css ?? []) if (!out.includes(file)) out.push(file);
  return out;
};
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);

const { SHELL_ROUTES } = await import(pathToFileURL(path.join(outDir, 'render-shell.js')).href);
const shells = {};
for (const { route, screen } of FIRST_SCREENS.filter((s) => s.shell)) {
  if (!SHELL_ROUTES.includes(route)) throw new Error(`src/prerender/render-shell.tsx does not list ${route}`);
  const html = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--render', route], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (!html.includes('<main'))
    throw new Error(`The prerendered ${route} has no <main>: ${html.slice(0, 200)}`);
  const css = cssOf(entry);
  if (screen) for (const file of cssOf(screen)) if (!css.includes(file)) css.push(file);
  shells[route] = { html, css };
}
fs.writeFileSync(path.join(clientDir, '.vite/shells.json'), JSON.stringify(shells));
fs.rmSync(outDir, { recursive: true, force: true });
console.log(
  `prerendered first paints: ${Object.entries(shells)
    .map(([r, s]) => `${r} (${(s.html.length / 1024).toFixed(1)} KB, ${s.css.length} stylesheets)`)
    .join(', ')}`,
);
process.exit(0);

/** In a child process: the markup of one route, on stdout. */
async function renderOneRoute(route) {
  // A fresh browser: empty storage, online, at the app's origin.
  const dom = new JSDOM('<!doctype html><html><head></head><body><div id="root"></div></body></html>', {
    url: 'http://localhost/',
    pretendToBeVisual: true,
    // jsdom's "not implemented" notes (canvas, scrollTo) concern effects, not the markup.
    virtualConsole: new VirtualConsole().on('error', (e) => console.error(e)),
  });
  // Every window property Node lacks (document, localStorage, HTMLElement, …) becomes a global.
  for (const key of Object.getOwnPropertyNames(dom.window)) {
    if (key in globalThis) continue;
    Object.defineProperty(globalThis, key, { value: dom.window[key], configurable: true, writable: true });
  }
  for (const key of ['window', 'self', 'navigator', 'location']) {
    Object.defineProperty(globalThis, key, { value: dom.window[key], configurable: true, writable: true });
  }
  const { renderShell } = await import(pathToFileURL(path.join(outDir, 'render-shell.js')).href);
  process.stdout.write(await renderShell(route));
}
