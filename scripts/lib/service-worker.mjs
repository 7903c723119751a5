// Builds the service worker (src/sw/service-worker.ts) into the client folder after Vite has
// written the bundle: the precache list is every file of this build (the app shell), and the
// version is a hash of their contents, so any change to the app installs a new worker.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

/** Not part of the shell: compressed twins, source maps, Vite's manifest, the spoken cues (fetched with their session). */
function precached(rel) {
  if (/\.(br|gz|map)$/.test(rel)) return false;
  if (rel === 'sw.js' || rel.startsWith('.vite/') || rel.startsWith('cues/')) return false;
  return true;
}

function* walk(dir, base = dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full, base);
    else yield path.relative(base, full).split(path.sep).join('/');
  }
}

/** The shell's files (URL paths) and a content hash over them. */
export function shellManifest(outDir) {
  const files = [...walk(outDir)].filter(precached).sort();
  const hash = crypto.createHash('sha256');
  for (const rel of files)
    hash
      .update(rel)
      .update('\0')
      .update(fs.readFileSync(path.join(outDir, rel)));
  return { urls: files.map((rel) => '/' + rel), version: hash.digest('hex').slice(0, 16) };
}

/** Vite plugin. closeBundle is synchronous and listed before the precompress plugin, so sw.js is compressed too. */
export function serviceWorkerPlugin({ entry = 'src/sw/service-worker.ts' } = {}) {
  let outDir = 'dist';
  let root = process.cwd();
  return {
    name: 'tuneful-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const { urls, version } = shellManifest(outDir);
      buildSync({
        entryPoints: [path.resolve(root, entry)],
        outfile: path.join(outDir, 'sw.js'),
        bundle: true,
        format: 'iife',
        target: 'es2020',
        minify: true,
        define: { __PRECACHE__: JSON.stringify(urls), __SW_VERSION__: JSON.stringify(version) },
        logLevel: 'warning',
      });
      console.log(`service worker: sw.js, ${urls.length} files precached (version ${version})`);
    },
  };
}
