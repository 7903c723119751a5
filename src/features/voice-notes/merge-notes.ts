import type { MyShare } from '../echoverse/echoverse-api';
import type { LocalNote } from './local-notes';
import type { AccountNote } from './voice-notes-api';

/** One note as the list shows it: where it is kept, and whether it is shared. */
export interface NoteView {
  id: string;
  title: string;
  recordedAt: string;
  durationMs: number;
  mimeType: string;
  /** The copy on this device, with its audio. */
  local: LocalNote | null;
  /** The copy in the account (listed on every device). */
  account: AccountNote | null;
  /** "Keep in my account" was chosen offline and waits in the outbox. */
  waiting: boolean;
  /** Its share in the Echoverse, when shared. */
  share: MyShare | null;
}

/**
 * The device's notes and the account's, by id (a note kept in the account has the same id
 * everywhere), newest recording first. The account's title wins over the device's: a rename
 * made on another device shows here too.
 */
export function mergeNotes(
  local: readonly LocalNote[],
  account: readonly AccountNote[],
  waitingIds: ReadonlySet<string>,
  shares: readonly MyShare[],
): NoteView[] {
  const byId = new Map<string, NoteView>();
  const shareOf = new Map(shares.map((s) => [s.voiceNoteId, s]));
  for (const n of local) {
    byId.set(n.id, {
      id: n.id,
      title: n.title,
      recordedAt: n.recordedAt,
      durationMs: n.durationMs,
      mimeType: n.mimeType,
      local: n,
      account: null,
      waiting: false,
      share: null,
    });
  }
  for (const a of account) {
    const known = byId.get(a.id);
    byId.set(a.id, {
      id: a.id,
      title: a.title,
      recordedAt: a.recordedAt,
      durationMs: a.durationMs,
      mimeType: a.mimeType,
      local: known?.local ?? null,
      account: a,
      waiting: false,
      share: null,
    });
  }
  for (const view of byId.values()) {
    view.waiting = view.account === null && waitingIds.has(view.id);
    view.share = shareOf.get(view.id) ?? null;
  }
  return [...byId.values()].sort(
    (a, b) => b.recordedAt.localeCompare(a.recordedAt) || a.id.localeCompare(b.id),
  );
}

/** Where the note is, in words, for its card. */
export function whereText(n: NoteView): string {
  if (n.local && n.account) return 'on this device and in your account';
  if (n.account) return 'in your account';
  if (n.waiting) return 'on this device, waiting to sync to your account';
  return 'on this device only';
}
