import type { AppDeps } from '../../app-env';
import { removeOwnerFolders, signOwnedObjectUrl } from '../../storage/member-objects';

/** How long the audio links in a data export work: a week to fetch them, then export again. */
export const EXPORT_LINK_SECONDS = 7 * 24 * 60 * 60;

interface AudioRow {
  id: string;
  title: string;
  at: string;
  duration_ms: number;
  mime_type: string;
  object_name: string;
}

export interface ExportedAudio {
  id: string;
  title: string;
  /** When it was recorded (voice notes) or shared (the Echoverse). */
  at: string;
  durationMs: number;
  mimeType: string;
  /** Downloads the audio file (a signed link, no sign-in needed) until `expiresAt`. */
  url: string;
  expiresAt: string;
}

/**
 * The audio of a member's data export. The export is one JSON file; the audio is linked, not
 * embedded: an hour of memos is about 25 MB, which base64 would make a third larger inside a
 * file meant to be opened and read, and a link that expires after a week does not leave the
 * audio open to whoever finds an old export. Each link saves the file under the note's title.
 */
export async function memberAudioLinks(
  deps: AppDeps,
  userId: string,
): Promise<{ linksExpireAt: string; voiceNotes: ExportedAudio[]; echoverse: ExportedAudio[] }> {
  const now = deps.now();
  const sign = async (bucket: string, rows: AudioRow[]) =>
    Promise.all(
      rows.map(async (r) => {
        const ext = r.object_name.slice(r.object_name.lastIndexOf('.') + 1);
        const signed = await signOwnedObjectUrl(
          deps.keys.jwtSecret,
          bucket,
          r.object_name,
          EXPORT_LINK_SECONDS,
          now,
          `${fileName(r.title)}-${r.at.slice(0, 10)}.${ext}`,
        );
        return {
          id: r.id,
          title: r.title,
          at: r.at,
          durationMs: r.duration_ms,
          mimeType: r.mime_type,
          url: new URL(signed.url, deps.config.publicUrl).toString(),
          expiresAt: signed.expiresAt,
        };
      }),
    );
  const notes = await deps.sql.all<AudioRow>(
    `SELECT id, title, recorded_at AS at, duration_ms, mime_type, object_name FROM voice_notes
     WHERE user_id = ? ORDER BY recorded_at`,
    [userId],
  );
  const shared = await deps.sql.all<AudioRow>(
    `SELECT id, title, shared_at AS at, duration_ms, mime_type, object_name FROM echoverse_notes
     WHERE user_id = ? ORDER BY shared_at`,
    [userId],
  );
  return {
    linksExpireAt: new Date((Math.floor(now / 1000) + EXPORT_LINK_SECONDS) * 1000).toISOString(),
    voiceNotes: await sign('voice-notes', notes),
    echoverse: await sign('echoverse', shared),
  };
}

/** A title as a file name: letters, digits and dashes. */
function fileName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return base === '' ? 'voice-note' : base.toLowerCase();
}

/**
 * After an account is deleted (its rows, storage rows included, went in one transaction): the
 * member's audio files, their folder in each private bucket. A failure is logged; the files left
 * have no rows, so no link to them can be signed.
 */
export function removeMemberAudio(deps: AppDeps, userId: string): void {
  try {
    removeOwnerFolders(deps.config.storageDir, userId);
  } catch (err) {
    deps.logger.warn('could not remove a deleted member’s audio files', { error: String(err) });
  }
}
