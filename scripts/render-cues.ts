// Renders the spoken guidance of every session-template step (fixtures/session-templates.json)
// into public/cues/<slug>/<step>.mp3 with Debian's festival and the CMU US SLT HTS voice
// (apt-get install festival festvox-us-slt-hts sox). Development-time only: the clips are
// committed, so neither `npm start` nor the tests need festival. A clip is re-rendered only
// when its text changed (public/cues/manifest.json keeps a hash of each clip's text).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeMp3 } from '../server/seed/audio/mp3';
import {
  CUE_KBPS as KBPS,
  CUE_RATE as RATE,
  cueFile,
  cueHash as hash,
  loadTemplateSeed,
} from '../server/seed/templates';

const OUT = path.resolve(import.meta.dirname, '../public/cues');
const MANIFEST = path.join(OUT, 'manifest.json');

function render(text: string, out: string, tmp: string): void {
  const txt = path.join(tmp, 'cue.txt');
  const wav = path.join(tmp, 'cue.wav');
  const raw = path.join(tmp, 'cue.raw');
  fs.writeFileSync(txt, text);
  execFileSync('text2wave', ['-eval', '(voice_cmu_us_slt_arctic_hts)', txt, '-o', wav]);
  // Resample to 16 kHz mono, with a short fade so the clip does not click in or out.
  execFileSync('sox', [
    wav,
    '-r',
    String(RATE),
    '-c',
    '1',
    '-b',
    '16',
    '-e',
    'signed',
    '-t',
    'raw',
    raw,
    'fade',
    '0.02',
    '-0',
    '0.05',
  ]);
  const buf = fs.readFileSync(raw);
  const pcm = new Int16Array(buf.buffer, buf.byteOffset, buf.length / 2);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, encodeMp3(pcm, RATE, KBPS));
}

function main(): void {
  const templates = loadTemplateSeed();
  const manifest: Record<string, string> = fs.existsSync(MANIFEST)
    ? (JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Record<string, string>)
    : {};
  const next: Record<string, string> = {};
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cues-'));
  let rendered = 0;
  const started = Date.now();
  for (const t of templates) {
    t.instructions.forEach((step, i) => {
      const rel = cueFile(t.slug, i);
      const out = path.join(OUT, rel);
      const h = hash(step.text);
      next[rel] = h;
      if (manifest[rel] === h && fs.existsSync(out)) return;
      render(step.text, out, tmp);
      rendered++;
      console.log(`  rendered ${rel}`);
    });
  }
  // Clips of steps that no longer exist are removed, so the folder holds exactly the manifest.
  for (const rel of Object.keys(manifest)) {
    if (!(rel in next)) fs.rmSync(path.join(OUT, rel), { force: true });
  }
  fs.writeFileSync(MANIFEST, JSON.stringify(next, null, 2) + '\n');
  fs.rmSync(tmp, { recursive: true, force: true });
  const bytes = Object.keys(next).reduce((n, rel) => n + fs.statSync(path.join(OUT, rel)).size, 0);
  console.log(
    `${rendered} of ${Object.keys(next).length} cues rendered in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `${(bytes / 1024 / 1024).toFixed(2)} MB in public/cues`,
  );
}

main();
