import { loadCatalogue, type Catalogue, type CatalogueSession } from '../catalogue';
import type { Recipe } from './recipe';

/** A manifest session by title (tests build short variants of real recipes). */
export function sessionByTitle(title: string): CatalogueSession {
  const s = loadCatalogue().sessions.find((x) => x.title === title);
  if (!s) throw new Error(`no session '${title}' in the manifest`);
  return s;
}

/**
 * The recipe sped up so that one full exercise phrase fits in a ~14 s render: the same synthesis
 * paths as the real track at a fraction of the test time.
 */
export function quickRecipe(title: string): Recipe {
  return { ...sessionByTitle(title).recipe, tempo: 120, chord_beats: 8 };
}

/** A two-session catalogue (one guided, one instrumental-only) with a few seconds per track. */
export function miniCatalogue(lengthSec = 6): Catalogue {
  const sessions = [sessionByTitle('gentle voice awakening'), sessionByTitle('glass lantern')];
  return { version: 1, sessions: sessions.map((s) => ({ ...s, length_sec: lengthSec })) };
}
