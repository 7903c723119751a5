import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { JobGuidance } from './audio/jobs';

/**
 * The spoken guidance of the catalogue's voice-guided sessions (fixtures/catalogue-scripts.json):
 * an intro, rounds of instruction + paced breathing + sung exercise, and a closing. The clips
 * are rendered at development time (`npm run cues:render`) into fixtures/catalogue-cues/, which
 * the server reads at first start to mix them over the synthesised bed. Resolved from this
 * module (two folders below the root, like the compiled bundle) so any cwd works.
 */
export const SCRIPTS_PATH = fileURLToPath(new URL('../../fixtures/catalogue-scripts.json', import.meta.url));
export const CATALOGUE_CUES_DIR = fileURLToPath(new URL('../../fixtures/catalogue-cues', import.meta.url));

const sentence = z.string().min(10).max(400);

export const breathSchema = z.object({
  /** Seconds (one spoken count per second) of the in-breath, the hold and the out-breath. */
  in: z.number().int().min(2).max(8),
  hold: z.number().int().min(0).max(8).default(0),
  out: z.number().int().min(2).max(8),
  cycles: z.number().int().min(1).max(4),
});

export const scriptSchema = z.object({
  id: z.number().int().positive(),
  intro: sentence,
  rounds: z
    .array(z.object({ say: sentence, breath: breathSchema }))
    .min(1)
    .max(8),
  closing: sentence,
});

export type Breath = z.infer<typeof breathSchema>;
export type SessionScript = z.infer<typeof scriptSchema>;

/** The count words, one clip each, placed one per second by the mixer. */
export const COUNT_WORDS = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight'] as const;
export const BREATH_CLIPS = {
  in: 'Breathe in',
  hold: 'Hold',
  out: 'And out',
} as const;

/** Clip file (relative to the cues folder) of each spoken part. */
export const clipName = {
  intro: (id: number) => `${pad(id)}/intro.mp3`,
  round: (id: number, i: number) => `${pad(id)}/round-${i + 1}.mp3`,
  closing: (id: number) => `${pad(id)}/closing.mp3`,
  word: (word: string) => `counts/${word.toLowerCase().replace(/\s+/g, '-')}.mp3`,
};
const pad = (id: number) => String(id).padStart(3, '0');

/** Every clip and the text it says. */
export function clipTexts(scripts: SessionScript[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const word of [...Object.values(BREATH_CLIPS), ...COUNT_WORDS])
    out.set(clipName.word(word), capitalise(word) + '.');
  for (const s of scripts) {
    out.set(clipName.intro(s.id), s.intro);
    s.rounds.forEach((r, i) => out.set(clipName.round(s.id, i), r.say));
    out.set(clipName.closing(s.id), s.closing);
  }
  return out;
}
const capitalise = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

export function loadScripts(file = SCRIPTS_PATH): Map<number, SessionScript> {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as { sessions: unknown };
  const list = z.array(scriptSchema).parse(raw.sessions);
  const byId = new Map(list.map((s) => [s.id, s]));
  if (byId.size !== list.length) throw new Error('catalogue scripts: one script per session id');
  return byId;
}

/** Cue clips are 16 kHz mono MP3 at 24 kbit/s, as the templates' cues. */
export const CLIP_RATE = 16000;
export const CLIP_KBPS = 24;

/** What a clip was rendered from, so a changed text shows as stale (and the test fails). */
export function clipHash(text: string): string {
  return crypto.createHash('sha256').update(`${CLIP_RATE}/${CLIP_KBPS}/${text}`).digest('hex');
}

/** manifest.json in the cues folder: per clip, the hash of its text and its decoded length. */
export interface ClipManifest {
  [file: string]: { hash: string; samples: number };
}

export function loadClipManifest(dir = CATALOGUE_CUES_DIR): ClipManifest {
  return JSON.parse(fs.readFileSync(`${dir}/manifest.json`, 'utf8')) as ClipManifest;
}

/** Every guided session's script, with the clip lengths its plan needs, from the committed cues. */
export function catalogueGuidance(cuesDir = CATALOGUE_CUES_DIR): (id: number) => JobGuidance | null {
  const scripts = loadScripts();
  const manifest = loadClipManifest(cuesDir);
  return (id) => {
    const script = scripts.get(id);
    if (!script) return null;
    const clipSamples: Record<string, number> = {};
    for (const clip of clipTexts([script]).keys()) {
      const entry = manifest[clip];
      if (!entry) throw new Error(`cue clip ${clip} is missing: run npm run cues:render`);
      clipSamples[clip] = entry.samples;
    }
    return { script, cuesDir, clipSamples };
  };
}
