import type { Catalogue } from '../catalogue';
import type { Recipe } from './recipe';
import type { Variant } from './render';

export interface JobFile {
  /** Object key under the audio directory. */
  path: string;
  variant: Variant;
}

/** One session's audio: its bed is synthesised once and shared by the files listed. */
export interface RenderJob {
  id: number;
  title: string;
  recipe: Recipe;
  lengthSec: number;
  files: JobFile[];
}

/** Every file the manifest references, grouped per session, longest first (best packing on a pool). */
export function catalogueJobs(catalogue: Catalogue): RenderJob[] {
  const jobs = catalogue.sessions.map((s) => ({
    id: s.id,
    title: s.title,
    recipe: s.recipe,
    lengthSec: s.length_sec,
    files: [
      { path: s.instr_path, variant: 'instrumental' as const },
      ...(s.voice_path ? [{ path: s.voice_path, variant: 'voice' as const }] : []),
    ],
  }));
  return jobs.sort((a, b) => b.lengthSec * b.files.length - a.lengthSec * a.files.length || a.id - b.id);
}
