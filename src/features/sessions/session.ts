import { z } from 'zod';

/** A musician credited on a session (spec core §3). */
export interface Musician {
  name: string;
  role: string;
  instagram: string;
}

/**
 * A catalogue session as the screens use it. Rows come from /rest/v1/sessions or the
 * /api/voice-sessions fallback; both are normalised here so no screen re-checks shapes.
 */
export interface Session {
  id: number;
  title: string;
  description: string;
  coverColor: string | null;
  voicePath: string | null;
  instrPath: string | null;
  /** Length in seconds; from length_sec, or estimatedDuration (minutes) when that is all there is. */
  lengthSec: number | null;
  skillLevel: string | null;
  category: string[];
  moods: string[];
  tags: string;
  intentions: string[];
  musicians: Musician[];
}

/** Lists may arrive as JSON arrays, JSON text or comma-separated text (hand-typed rows). */
const stringList = z.unknown().transform((v): string[] => {
  let value = v;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        value = JSON.parse(text);
      } catch {
        value = text.split(',');
      }
    } else value = text ? text.split(',') : [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter((x): x is string => typeof x === 'string')
    .map((x) => x.trim())
    .filter(Boolean);
});

const musicianList = z.unknown().transform((v): Musician[] => {
  const list = typeof v === 'string' ? safeJson(v) : v;
  if (!Array.isArray(list)) return [];
  return list.flatMap((m: unknown) => {
    if (typeof m !== 'object' || m === null) return [];
    const r = m as Record<string, unknown>;
    const name = typeof r.name === 'string' ? r.name.trim() : '';
    if (!name) return [];
    return [{ name, role: str(r.role), instagram: str(r.instagram) }];
  });
});

const rowSchema = z.object({
  id: z.coerce.number().int().positive(),
  title: z.string().min(1),
  description: z.string().nullish(),
  cover_color: z.string().nullish(),
  voice_path: z.string().nullish(),
  instr_path: z.string().nullish(),
  length_sec: z.coerce.number().nullish(),
  estimatedDuration: z.coerce.number().nullish(),
  skill_level: z.string().nullish(),
  category: stringList.optional(),
  moods: stringList.optional(),
  tags: z.unknown().optional(),
  intentions: stringList.optional(),
  musicians: musicianList.optional(),
});

/** One row into a Session, or null when it lacks an id or title (such rows are skipped). */
export function toSession(row: unknown): Session | null {
  const parsed = rowSchema.safeParse(row);
  if (!parsed.success) return null;
  const r = parsed.data;
  const seconds =
    typeof r.length_sec === 'number' && r.length_sec > 0
      ? Math.round(r.length_sec)
      : typeof r.estimatedDuration === 'number' && r.estimatedDuration > 0
        ? Math.round(r.estimatedDuration * 60)
        : null;
  return {
    id: r.id,
    title: r.title,
    description: r.description ?? '',
    coverColor: r.cover_color ?? null,
    voicePath: r.voice_path || null,
    instrPath: r.instr_path || null,
    lengthSec: seconds,
    skillLevel: r.skill_level ?? null,
    category: r.category ?? [],
    moods: r.moods ?? [],
    tags: Array.isArray(r.tags) ? r.tags.filter((t) => typeof t === 'string').join(', ') : str(r.tags),
    intentions: r.intentions ?? [],
    musicians: r.musicians ?? [],
  };
}

export function toSessions(rows: unknown): Session[] {
  if (!Array.isArray(rows)) return [];
  return rows.map(toSession).filter((s): s is Session => s !== null);
}

/** An instrumental-only track (listening room) has music but no voice guide. */
export const isInstrumentalOnly = (s: Session) => s.voicePath === null && s.instrPath !== null;

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
