import { SAMPLE_RATE } from './config';
import type { RenderJob } from './jobs';
import { finishTrack, renderBed, trackToMp3, type Variant } from './render';

export interface RenderedFile {
  path: string;
  variant: Variant;
  bytes: Uint8Array;
}

/**
 * Renders the requested files of one session, yielding each as soon as it is encoded. Runs the same
 * way inside a worker thread and in-process (the fallback), which is what keeps output identical.
 */
export function* renderJobFiles(job: RenderJob): Generator<RenderedFile> {
  const bed = renderBed(job.recipe, Math.round(job.lengthSec * SAMPLE_RATE), SAMPLE_RATE);
  for (const file of job.files) {
    const track = finishTrack(bed, job.recipe, file.variant, SAMPLE_RATE);
    yield { path: file.path, variant: file.variant, bytes: trackToMp3(track, job.recipe) };
  }
}
