import fs from 'node:fs';
import path from 'node:path';

/** Newest modification time (ms) of any file under the given paths; 0 when none exist. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) if (entry !== 'node_modules') visit(path.join(p, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

const CLIENT_SOURCES = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'dsp',
  'worklets',
  'asconfig.json',
  'package.json',
];

/** True when dist/client is missing or older than any client source. */
export function clientBuildIsStale(root) {
  const marker = path.join(root, 'dist/client/index.html');
  if (!fs.existsSync(marker)) return true;
  const built = fs.statSync(marker).mtimeMs;
  return newestMtime(CLIENT_SOURCES.map((p) => path.join(root, p))) > built;
}

/** True when the compiled server (dist/server) is missing or older than its sources. */
export function serverBuildIsStale(root) {
  const marker = path.join(root, 'dist/server/main.js');
  if (!fs.existsSync(marker)) return true;
  const built = fs.statSync(marker).mtimeMs;
  const sources = ['server', 'src/domain', 'package.json', 'scripts/build-server.mjs'];
  return newestMtime(sources.map((p) => path.join(root, p))) > built;
}
