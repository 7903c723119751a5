// Renders the spoken guidance with Debian's festival and the CMU US SLT HTS voice
// (apt-get install festival festvox-us-slt-hts sox), development-time only: the clips are
// committed, so neither `npm start` nor the tests need festival.
// - every session-template step (fixtures/session-templates.json) into public/cues/<slug>/<step>.mp3,
//   which the browser plays;
// - the catalogue's guided sessions (fixtures/catalogue-scripts.json: intro, instructions,
//   breathing count words, closing) into fixtures/catalogue-cues/, which the server mixes over
//   the synthesised beds at first start.
// A clip is re-rendered only when its text changed (each folder's manifest.json keeps a hash).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeMp3 } from '../server/seed/audio/mp3';
import { parseMp3 } from '../server/seed/audio/mp3-info';
import {
  CATALOGUE_CUES_DIR,
  CLIP_KBPS,
  CLIP_RATE,
  clipHash,
  clipTexts,
  loadScripts,
  type ClipManifest,
} from '../server/seed/catalogue-scripts';
import {
  CUE_KBPS as KBPS,
  CUE_RATE as RATE,
  cueFile,
  cueHash as hash,
  loadTemplateSeed,
} from '../server/seed/templates';

const OUT = path.resolve(import.meta.dirname, '../public/cues');
const MANIFEST = path.join(OUT, 'manifest.json');

function render(text: string, out: string, tmp: string, rate = RATE, kbps = KBPS): void {
  const txt = path.join(tmp, 'cue.txt');
  const wav = path.join(tmp, 'cue.wav');
  const raw = path.join(tmp, 'cue.raw');
  fs.writeFileSync(txt, text);
  execFileSync('text2wave', ['-eval', '(voice_cmu_us_slt_arctic_hts)', txt, '-o', wav]);
  // Resample to 16 kHz mono, with a short fade so the clip does not click in or out.
  execFileSync('sox', [
    wav,
    '-r',
    String(rate),
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
  fs.writeFileSync(out, encodeMp3(pcm, rate, kbps));
}

/** The catalogue's guidance clips; the manifest also keeps each clip's length for the mixer's plan. */
function renderCatalogueCues(tmp: string): { rendered: number; total: number; bytes: number } {
  const dir = CATALOGUE_CUES_DIR;
  const file = path.join(dir, 'manifest.json');
  const old: ClipManifest = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ClipManifest)
    : {};
  const next: ClipManifest = {};
  let rendered = 0;
  for (const [rel, text] of clipTexts([...loadScripts().values()])) {
    const out = path.join(dir, rel);
    const h = clipHash(text);
    if (old[rel]?.hash !== h || !fs.existsSync(out)) {
      render(text, out, tmp, CLIP_RATE, CLIP_KBPS);
      rendered++;
      console.log(`  rendered catalogue-cues/${rel}`);
    }
    const info = parseMp3(fs.readFileSync(out));
    next[rel] = { hash: h, samples: Math.round(info.durationSec * CLIP_RATE) };
  }
  for (const rel of Object.keys(old)) if (!(rel in next)) fs.rmSync(path.join(dir, rel), { force: true });
  const sorted = Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(file, JSON.stringify(sorted, null, 2) + '\n');
  const bytes = Object.keys(next).reduce((n, rel) => n + fs.statSync(path.join(dir, rel)).size, 0);
  return { rendered, total: Object.keys(next).length, bytes };
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
  const catalogue = renderCatalogueCues(tmp);
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log(
    `${catalogue.rendered} of ${catalogue.total} catalogue cues rendered; ` +
      `${(catalogue.bytes / 1024 / 1024).toFixed(2)} MB in fixtures/catalogue-cues`,
  );
  const bytes = Object.keys(next).reduce((n, rel) => n + fs.statSync(path.join(OUT, rel)).size, 0);
  console.log(
    `${rendered} of ${Object.keys(next).length} cues rendered in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `${(bytes / 1024 / 1024).toFixed(2)} MB in public/cues`,
  );
}

main();
