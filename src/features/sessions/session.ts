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
function stringList(v: unknown): string[] {
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
}

function musicianList(v: unknown): Musician[] {
  const list = typeof v === 'string' ? safeJson(v) : v;
  if (!Array.isArray(list)) return [];
  return list.flatMap((m: unknown) => {
    if (typeof m !== 'object' || m === null) return [];
    const r = m as Record<string, unknown>;
    const name = typeof r.name === 'string' ? r.name.trim() : '';
    if (!name) return [];
    return [{ name, role: str(r.role), instagram: str(r.instagram) }];
  });
}

/**
 * One row into a Session, or null when it lacks an id or title (such rows are skipped) or a field
 * is of the wrong kind. Read by hand, not through a schema library: this runs on home, and zod
 * was 22 KB (brotli) of home's first download (issue 20's bundle budget).
 */
export function toSession(row: unknown): Session | null {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return null;
  const r = row as Record<string, unknown>;
  let valid = true;
  // Optional fields: missing (null or undefined) → null; present but of another kind → invalid.
  const text = (v: unknown): string | null => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'string') return v;
    valid = false;
    return null;
  };
  // Numbers may arrive as text ("120"), as the database drivers hand them over.
  const number = (v: unknown): number | null => {
    if (v === null || v === undefined) return null;
    const n = Number(v);
    if (Number.isFinite(n)) return n;
    valid = false;
    return null;
  };
  const id = Number(r.id);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  if (typeof r.title !== 'string' || r.title.length === 0) return null;
  const lengthSec = number(r.length_sec);
  const minutes = number(r.estimatedDuration);
  const session: Session = {
    id,
    title: r.title,
    description: text(r.description) ?? '',
    coverColor: text(r.cover_color),
    voicePath: text(r.voice_path) || null,
    instrPath: text(r.instr_path) || null,
    lengthSec:
      lengthSec !== null && lengthSec > 0
        ? Math.round(lengthSec)
        : minutes !== null && minutes > 0
          ? Math.round(minutes * 60)
          : null,
    skillLevel: text(r.skill_level),
    category: stringList(r.category),
    moods: stringList(r.moods),
    tags: Array.isArray(r.tags) ? r.tags.filter((t) => typeof t === 'string').join(', ') : str(r.tags),
    intentions: stringList(r.intentions),
    musicians: musicianList(r.musicians),
  };
  return valid ? session : null;
}

export function toSessions(rows: unknown): Session[] {
  if (!Array.isArray(rows)) return [];
  return rows.map(toSession).filter((s): s is Session => s !== null);
}

/**
 * An instrumental-only track (listening room) has music but no voice guide: listening, not a
 * session. The server applies the same rule to its catalogue row (`isListeningTrack`,
 * src/domain/practice.ts; session.test.ts checks they agree). Written out here, not imported:
 * home's first-screen budget has no room for that module's chunk.
 */
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
