import { displayName } from '../community/present';
import type { ListedNoteRow, SharedNoteRow } from './repository';

/** A note in the listening list: what the sharer agreed others see (first name and title). */
export function presentListed(row: ListedNoteRow, viewerId: string) {
  return {
    id: row.id,
    firstName: displayName(row.first_name),
    title: row.title,
    durationMs: row.duration_ms,
    sharedAt: row.shared_at,
    echoes: Number(row.echoes),
    echoedByMe: Number(row.echoed_by_me) > 0,
    mine: row.user_id === viewerId,
  };
}

/** One of the member's own shares, with whether it is hidden until reviewed. */
export function presentMine(row: SharedNoteRow & { echoes?: number }) {
  return {
    id: row.id,
    voiceNoteId: row.voice_note_id,
    title: row.title,
    durationMs: row.duration_ms,
    sharedAt: row.shared_at,
    echoes: Number(row.echoes ?? 0),
    hidden: row.hidden_at !== null,
    hiddenAt: row.hidden_at,
  };
}
