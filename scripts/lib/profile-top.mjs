// `node scripts/lib/profile-top.mjs <file.cpuprofile>`: self time per function (top 25) and per
// package, to read where a request's time goes without opening DevTools.
import fs from 'node:fs';

const profile = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const byPackage = new Map();
const dt = profile.timeDeltas;
let total = 0;
profile.samples.forEach((id, i) => {
  const n = byId.get(id);
  const f = n.callFrame;
  const url = f.url || '';
  const key = `${f.functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/')}:${f.lineNumber + 1}`;
  const pkg = url.includes('node_modules/')
    ? url.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*$/, '$1')
    : url.includes('/dist/server/')
      ? 'our server'
      : url.startsWith('node:')
        ? 'node core'
        : f.functionName || '(native)';
  const t = dt[i] ?? 0;
  total += t;
  self.set(key, (self.get(key) ?? 0) + t);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + t);
});
const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
console.log('by package / kind:');
for (const [k, t] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15))
  console.log(`  ${pct(t)}  ${k}`);
console.log('top functions (self time):');
for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${pct(t)}  ${k}`);
