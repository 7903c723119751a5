// The demo catalogue's rendered audio, kept in .tmp/e2e-audio between runs. The end-to-end
// tests, the cross-engine smoke test and `npm run bench:server` copy it into their servers'
// storage, so none of them waits for (or measures) a server still rendering. The files are
// deterministic, so they are rendered once per checkout; a missing or partial file is rendered
// again by `npm run seed:audio` (server/seed/build-audio-cli.ts), which keeps what is complete.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const AUDIO_CACHE = path.join(root, '.tmp/e2e-audio');

/** Every audio file the catalogue references, as storage paths ('guided/012-….mp3'). */
export function catalogueAudioFiles() {
  const catalogue = JSON.parse(fs.readFileSync(path.join(root, 'fixtures/catalogue.json'), 'utf8'));
  return catalogue.sessions.flatMap((s) => [s.voice_path, s.instr_path]).filter(Boolean);
}

/** The catalogue's audio files not yet in `dir` (a final name is only ever a complete file). */
export function missingAudio(dir = AUDIO_CACHE) {
  return catalogueAudioFiles().filter((p) => !fs.existsSync(path.join(dir, p)));
}

/**
 * Starts rendering the missing files into the cache in a child process and returns at once.
 * `nice` (Linux) lowers its CPU priority, so it only takes what other work leaves idle.
 * `log` receives its output (a file path), or it inherits ours. Resolves when it has exited:
 * `{ ok, seconds }`.
 */
export function renderDemoAudio({ nice = 0, log } = {}) {
  const started = Date.now();
  const args = ['--import', 'tsx', 'server/seed/build-audio-cli.ts', AUDIO_CACHE];
  const useNice = nice > 0 && fs.existsSync('/usr/bin/nice');
  const [cmd, cmdArgs] = useNice
    ? ['/usr/bin/nice', ['-n', String(nice), process.execPath, ...args]]
    : [process.execPath, args];
  const out = log ? fs.openSync(log, 'w') : 'inherit';
  const child = spawn(cmd, cmdArgs, { cwd: root, stdio: ['ignore', out, out] });
  if (typeof out === 'number') fs.closeSync(out);
  const done = new Promise((resolve) => {
    child.on('error', () => resolve({ ok: false, seconds: (Date.now() - started) / 1000 }));
    child.on('exit', (code) => resolve({ ok: code === 0, seconds: (Date.now() - started) / 1000 }));
  });
  return { child, done };
}

/**
 * Makes sure the cache holds every file, rendering what is missing (at full priority, with the
 * renderer's progress on our terminal). Returns how many files had to be rendered.
 */
export async function ensureDemoAudio() {
  const missing = missingAudio().length;
  if (missing === 0) return 0;
  const { done } = renderDemoAudio();
  const { ok } = await done;
  if (!ok || missingAudio().length > 0) {
    throw new Error('rendering the demo audio failed (see the messages above)');
  }
  return missing;
}
