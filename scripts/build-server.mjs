// `npm run build:server`: compiles the API server to plain JavaScript for `npm start`, so
// production runs no TypeScript loader (tsx stays for `npm run dev` and the tests).
// One ES module bundle at dist/server/main.js (npm packages stay external), at the same depth
// as server/<dir>/ so the sources' `new URL('../../fixtures/…', import.meta.url)` still resolve;
// migrations and the audio worker are placed where the bundle looks for them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const finalOut = path.join(root, 'dist/server');
// Built beside the old bundle and swapped in at the end: `npm test` starts the cross-engine
// server from dist/server while the e2e setup may be rebuilding it, and a half-written folder
// was a missing main.js (MODULE_NOT_FOUND) there.
const out = `${finalOut}.build-${process.pid}`;
fs.rmSync(out, { recursive: true, force: true });

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};
await build({
  ...common,
  entryPoints: [path.join(root, 'server/main.ts')],
  outfile: path.join(out, 'main.js'),
});
// `npm run start:cluster`: the node:cluster primary and its workers.
await build({
  ...common,
  entryPoints: [path.join(root, 'server/cluster.ts')],
  outfile: path.join(out, 'cluster.js'),
});
await build({
  ...common,
  entryPoints: [path.join(root, 'server/seed/audio/render-job.ts')],
  outfile: path.join(out, 'render-job.js'),
});

// migrate.ts reads `migrations/` beside itself: beside the bundle now.
fs.cpSync(path.join(root, 'server/db/migrations'), path.join(out, 'migrations'), { recursive: true });
// …and migrate-sql.ts its PostgreSQL twins in `migrations-pg/`.
fs.cpSync(path.join(root, 'server/db/migrations-pg'), path.join(out, 'migrations-pg'), { recursive: true });
// The worker entry loads render-job through tsx in development; here it imports the compiled one.
const worker = fs
  .readFileSync(path.join(root, 'server/seed/audio/render-worker.mjs'), 'utf8')
  .replace("import { tsImport } from 'tsx/esm/api';\n", '')
  .replace("await tsImport('./render-job.ts', import.meta.url)", "await import('./render-job.js')");
if (worker.includes('await tsImport') || worker.includes("from 'tsx"))
  throw new Error('render-worker.mjs changed: update scripts/build-server.mjs');
fs.writeFileSync(path.join(out, 'render-worker.mjs'), worker);
fs.writeFileSync(path.join(out, 'package.json'), '{ "type": "module" }\n');
const old = `${finalOut}.old-${process.pid}`;
if (fs.existsSync(finalOut)) fs.renameSync(finalOut, old);
fs.renameSync(out, finalOut);
fs.rmSync(old, { recursive: true, force: true });
console.log(`server compiled to ${path.relative(root, finalOut)}/main.js and cluster.js`);
