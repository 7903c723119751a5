import type { Catalogue } from '../catalogue';
import type { SessionScript } from '../catalogue-scripts';
import type { Recipe } from './recipe';
import type { Variant } from './render';

export interface JobFile {
  /** Object key under the audio directory. */
  path: string;
  variant: Variant;
}

/** What a guided session's voice file needs to place and mix its spoken clips. */
export interface JobGuidance {
  script: SessionScript;
  /** Folder of the committed clips (fixtures/catalogue-cues). */
  cuesDir: string;
  /** Length in samples of every clip the script uses (from the clips' manifest). */
  clipSamples: Record<string, number>;
}

/** One session's audio: its bed is synthesised once and shared by the files listed. */
export interface RenderJob {
  id: number;
  title: string;
  recipe: Recipe;
  lengthSec: number;
  files: JobFile[];
  /** Spoken guidance of the voice file; null renders the sung exercise alone (tests, old recipes). */
  guidance: JobGuidance | null;
}

/** Every file the manifest references, grouped per session, longest first (best packing on a pool). */
export function catalogueJobs(
  catalogue: Catalogue,
  guidanceOf: (sessionId: number) => JobGuidance | null = () => null,
): RenderJob[] {
  const jobs = catalogue.sessions.map((s) => ({
    id: s.id,
    title: s.title,
    recipe: s.recipe,
    lengthSec: s.length_sec,
    files: [
      { path: s.instr_path, variant: 'instrumental' as const },
      ...(s.voice_path ? [{ path: s.voice_path, variant: 'voice' as const }] : []),
    ],
    guidance: s.voice_path ? guidanceOf(s.id) : null,
  }));
  return jobs.sort((a, b) => b.lengthSec * b.files.length - a.lengthSec * a.files.length || a.id - b.id);
}
