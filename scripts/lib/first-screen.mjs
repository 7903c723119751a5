// What JS each first screen downloads before it can render: the entry chunk, everything it
// imports statically, and the route's lazy screen with its static imports. Read from Vite's
// manifest; sizes are what the server sends (the precompressed .br, else .gz, else raw).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Budget per first screen, in bytes on the wire (brotli). */
export const BUDGET_BYTES = 150 * 1024;

/**
 * Routes with a budget (issue 20: the pages people land on), the lazy screen module each renders
 * (null: in the entry chunk), and whether the build prerenders its markup (scripts/prerender.mjs).
 * `also`: other dynamic imports the screen waits for before its first render. Home is a member's
 * screen: with a stored session, boot loads supabase-js before it renders anything (src/main.tsx),
 * so it counts (signed out, /home sends the visitor to the sign-in screen, which is `/`'s JS).
 */
export const FIRST_SCREENS = [
  { route: '/', screen: 'src/features/auth/SignInScreen.tsx', shell: true },
  { route: '/signup', screen: 'src/features/auth/SignUpScreen.tsx', shell: true },
  { route: '/tuning-room', screen: 'src/features/tuning/TuningRoomScreen.tsx', shell: true },
  {
    route: '/home',
    screen: 'src/features/home/HomeScreen.tsx',
    shell: false,
    also: ['@supabase/supabase-js/'],
  },
];

function wireSize(file) {
  for (const ext of ['.br', '.gz']) {
    if (fs.existsSync(file + ext)) return { size: fs.statSync(file + ext).size, encoding: ext.slice(1) };
  }
  const raw = fs.readFileSync(file);
  return { size: zlib.brotliCompressSync(raw).length, encoding: 'br (computed)' };
}

function staticClosure(manifest, key, into) {
  if (into.has(key)) return;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, into);
}

/** [{ route, files: [{ file, raw, wire }], raw, wire }] for every first screen. */
export function firstScreenSizes(clientDir) {
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`No ${manifestFile}: run npm run build first.`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  return FIRST_SCREENS.map(({ route, screen, also = [] }) => {
    const keys = new Set();
    staticClosure(manifest, entry, keys);
    if (screen) {
      if (!manifest[screen]) throw new Error(`${screen} is not a chunk of the build (is it still lazy?).`);
      staticClosure(manifest, screen, keys);
    }
    for (const part of also) {
      // Keyed by its path, which may run through a linked node_modules (../main/node_modules/…).
      const key = Object.keys(manifest).find((k) => k.includes(part) && manifest[k].isDynamicEntry);
      if (!key) throw new Error(`${part} is not a chunk of the build (${route} waits for it).`);
      staticClosure(manifest, key, keys);
    }
    const files = [...keys]
      .map((k) => manifest[k].file)
      .filter((f) => f.endsWith('.js'))
      .map((f) => {
        const full = path.join(clientDir, f);
        return { file: f, raw: fs.statSync(full).size, wire: wireSize(full).size };
      });
    const sum = (field) => files.reduce((n, f) => n + f[field], 0);
    return { route, files, raw: sum('raw'), wire: sum('wire') };
  });
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** Prints the table; returns true when every first screen is within the budget. */
export function reportFirstScreens(clientDir, log = console.log) {
  const rows = firstScreenSizes(clientDir);
  log(`first-screen JavaScript (budget ${kb(BUDGET_BYTES)} brotli each):`);
  let ok = true;
  for (const r of rows) {
    const over = r.wire > BUDGET_BYTES;
    ok &&= !over;
    log(
      `  ${r.route.padEnd(14)} ${kb(r.wire).padStart(9)} br  ${kb(r.raw).padStart(9)} raw  ${r.files.length} files  ${over ? 'OVER BUDGET' : 'ok'}`,
    );
  }
  return ok;
}
