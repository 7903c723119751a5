// Build-time compression of the client: every text asset gets a .br and a .gz beside it, made
// once here at maximum quality, so the server only picks a file (server/lib/static-files.ts)
// instead of compressing on every request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.wasm',
  '.txt',
  '.webmanifest',
]);
/** Below this, headers cost more than compression saves. */
const MIN_BYTES = 1024;

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** Writes file.br and file.gz for each compressible file of `dir`; returns how many. */
export function precompressDir(dir) {
  let count = 0;
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file)) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = zlib.gzipSync(raw, { level: 9 });
    // A compressed copy that is not smaller would only waste a lookup; skip it.
    if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
    count++;
  }
  return count;
}

/** Vite plugin: compress after the bundle is written, then print the first screens' sizes. */
export function precompressPlugin({ report } = {}) {
  let outDir = 'dist';
  return {
    name: 'tuneful-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const n = precompressDir(outDir);
      console.log(`\nprecompressed ${n} files (brotli q11 + gzip 9)`);
      if (report) await report(outDir);
    },
  };
}
