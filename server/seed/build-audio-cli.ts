/**
 * Builds every catalogue audio file: `npx tsx server/seed/build-audio-cli.ts [outDir]`.
 * outDir defaults to $STORAGE_DIR/audio ($DATA_DIR/storage/audio, or ./data/storage/audio). Existing files are kept.
 */
import path from 'node:path';
import os from 'node:os';
import { buildCatalogueAudio } from './audio/build';

function defaultOutDir(): string {
  return path.resolve(
    process.env.STORAGE_DIR ?? path.join(process.env.DATA_DIR ?? 'data', 'storage'),
    'audio',
  );
}

async function main(): Promise<void> {
  const outDir = path.resolve(process.argv[2] ?? defaultOutDir());
  const concurrency = Number(process.env.AUDIO_CONCURRENCY ?? os.availableParallelism());
  const started = performance.now();
  const tty = process.stdout.isTTY;
  console.log(
    `building catalogue audio into ${outDir} (${concurrency} worker${concurrency === 1 ? '' : 's'})`,
  );
  const files = await buildCatalogueAudio({
    audioDir: outDir,
    concurrency,
    onProgress: (done, total, label) => {
      if (done === 0) return;
      const line = `[${done}/${total}] rendered ${label}`;
      if (tty) process.stdout.write(`\r\x1b[2K${line}${done === total ? '\n' : ''}`);
      else console.log(line);
    },
  });
  const mb = files.reduce((n, f) => n + f.bytes, 0) / 1024 / 1024;
  const secs = (performance.now() - started) / 1000;
  console.log(`${files.length} files, ${mb.toFixed(1)} MB, done in ${secs.toFixed(1)} s`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
