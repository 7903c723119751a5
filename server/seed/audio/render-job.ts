import fs from 'node:fs';
import path from 'node:path';
import { MPEGDecoder } from 'mpg123-decoder';
import { SAMPLE_RATE } from './config';
import { planGuidance } from './guidance';
import type { JobGuidance, RenderJob } from './jobs';
import { createTrackEncoder, type TrackEncoder } from './mp3';
import { finishTrack, renderBed, trackToMp3, type Guidance, type Variant } from './render';

export interface RenderedFile {
  path: string;
  variant: Variant;
  bytes: Uint8Array;
}

/**
 * Share of a job's time that is the bed (measured about 20% of a guided session's CPU since the
 * synthesis got cheaper, see docs/features.md); the files (mostly their MP3 encoding) share the rest.
 */
const BED_SHARE = 0.2;

/**
 * Decodes the committed cue clips one guided session uses (a few hundred KB of MP3) and plans
 * where they go. The plan uses the manifest's lengths, so it is the same wherever it is made.
 */
export async function loadGuidance(g: JobGuidance, lengthSec: number): Promise<Guidance> {
  const plan = planGuidance(g.script, lengthSec, (clip) => {
    const n = g.clipSamples[clip];
    if (n === undefined) throw new Error(`cue clip ${clip} is not in the manifest: run npm run cues:render`);
    return n / SAMPLE_RATE;
  });
  const decoder = new MPEGDecoder();
  await decoder.ready;
  const clips = new Map<string, Float32Array>();
  try {
    for (const clip of new Set(plan.cues.map((c) => c.clip))) {
      const decoded = decoder.decode(new Uint8Array(fs.readFileSync(path.join(g.cuesDir, clip))));
      if (decoded.sampleRate !== SAMPLE_RATE) throw new Error(`${clip}: ${decoded.sampleRate} Hz`);
      clips.set(clip, Float32Array.from(decoded.channelData[0] ?? []));
      await decoder.reset();
    }
  } finally {
    decoder.free();
  }
  return { plan, clips };
}

/**
 * Renders the requested files of one session, yielding each as soon as it is encoded. Runs the same
 * way inside a worker thread and in-process (the fallback), which is what keeps output identical.
 * `onProgress` gets the share of the whole job done (0..1), for the "preparing audio" percentage.
 */
export function* renderJobFiles(
  job: RenderJob,
  guidance?: Guidance,
  onProgress: (fraction: number) => void = () => {},
  encoder?: TrackEncoder,
): Generator<RenderedFile> {
  const bed = renderBed(job.recipe, Math.round(job.lengthSec * SAMPLE_RATE), SAMPLE_RATE);
  onProgress(BED_SHARE);
  const share = (1 - BED_SHARE) / job.files.length;
  for (const [i, file] of job.files.entries()) {
    const base = BED_SHARE + i * share;
    const track = finishTrack(
      bed,
      job.recipe,
      file.variant,
      SAMPLE_RATE,
      file.variant === 'voice' ? guidance : undefined,
    );
    const bytes = trackToMp3(track, job.recipe, (f) => onProgress(base + share * (0.2 + 0.8 * f)), encoder);
    onProgress(base + share);
    yield { path: file.path, variant: file.variant, bytes };
  }
}

let sharedEncoder: Promise<TrackEncoder> | undefined;

/**
 * The job's guidance (decoded clips) when it has any, then its files, encoded by the WebAssembly
 * LAME (one instance per thread, reused): what a worker runs.
 */
export async function renderJob(
  job: RenderJob,
  onProgress?: (fraction: number) => void,
): Promise<Generator<RenderedFile>> {
  const guidance = job.guidance ? await loadGuidance(job.guidance, job.lengthSec) : undefined;
  sharedEncoder ??= createTrackEncoder();
  return renderJobFiles(job, guidance, onProgress, await sharedEncoder);
}
