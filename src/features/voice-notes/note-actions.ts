import type { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../lib/api';
import { getOutbox, SAVED_OFFLINE_TITLE, wasQueued } from '../../lib/outbox/offline-writes';
import { OfflineRefusal } from '../../lib/outbox/online-only';
import { ECHOVERSE_KEY, shareToEchoverse, withdrawShare } from '../echoverse/echoverse-api';
import { PENDING_WRITES_KEY } from '../sync/pending-writes-queries';
import { toast } from '../toast/toast-store';
import { removeLocalNote, saveLocalNote, type LocalNote } from './local-notes';
import type { NoteView } from './merge-notes';
import type { AudioSource } from './use-audio-player';
import {
  accountNoteUrl,
  deleteFromAccount,
  keepInAccount,
  KEEP_WRITE,
  renameInAccount,
  VOICE_NOTES_KEY,
} from './voice-notes-api';

/**
 * What a note's buttons do. Each says in words what went wrong (it throws; the dialog or card
 * shows writeErrorText), and refreshes the lists it changed.
 */
export function noteActions(client: QueryClient, userId: string) {
  const refresh = (...keys: (string | readonly string[])[]) =>
    Promise.all(
      keys.map((k) => client.invalidateQueries({ queryKey: typeof k === 'string' ? [k] : [...k] })),
    );

  /** The note's audio: this device's copy, or the account's (online). */
  async function audioOf(note: NoteView): Promise<Blob> {
    if (note.local) return note.local.audio;
    if (typeof navigator !== 'undefined' && navigator.onLine === false)
      throw new OfflineRefusal('Fetching a note from your account');
    const { url } = await accountNoteUrl(note.id);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`The note's audio could not be fetched (${res.status}).`);
    return res.blob();
  }

  return {
    /** For the player: an object URL of the device's copy, or a signed URL of the account's. */
    async load(note: NoteView): Promise<AudioSource> {
      if (note.local) {
        const src = URL.createObjectURL(note.local.audio);
        return { src, release: () => URL.revokeObjectURL(src) };
      }
      if (typeof navigator !== 'undefined' && navigator.onLine === false)
        throw new OfflineRefusal('Playing a note kept in your account');
      return { src: (await accountNoteUrl(note.id)).url };
    },

    /** "Keep in my account": now, or queued offline (the toast says so). */
    async keep(note: NoteView): Promise<void> {
      if (!note.local) return;
      const sent = await keepInAccount(note.local);
      if (wasQueued(sent)) {
        toast({ title: SAVED_OFFLINE_TITLE, description: `“${note.title}” goes to your account then.` });
        await refresh(PENDING_WRITES_KEY);
        return;
      }
      await refresh(VOICE_NOTES_KEY);
    },

    /** A note kept in the account, saved on this device too (so it plays offline here). */
    async saveHere(note: NoteView): Promise<void> {
      if (!note.account) return;
      const audio = await audioOf(note);
      const a = note.account;
      await saveLocalNote({
        id: a.id,
        userId,
        title: a.title,
        recordedAt: a.recordedAt,
        durationMs: a.durationMs,
        mimeType: a.mimeType,
        sizeBytes: a.sizeBytes,
        audio,
      } satisfies LocalNote);
    },

    async share(note: NoteView, title: string): Promise<void> {
      await shareToEchoverse({
        voiceNoteId: note.id,
        title,
        durationMs: note.durationMs,
        mimeType: note.mimeType,
        audio: await audioOf(note),
      });
      await refresh(ECHOVERSE_KEY);
    },

    async withdraw(note: NoteView): Promise<void> {
      if (!note.share) return;
      await withdrawShare(note.share.id);
      await refresh(ECHOVERSE_KEY);
    },

    async rename(note: NoteView, title: string): Promise<void> {
      if (note.account) await renameInAccount(note.id, title);
      if (note.local) await saveLocalNote({ ...note.local, title });
      if (note.account) await refresh(VOICE_NOTES_KEY);
    },

    /**
     * Everywhere the member has it: withdrawn from the Echoverse, deleted from the account, a
     * waiting keep given up, and gone from this device. What needs the server is done first, so
     * offline a note kept elsewhere is refused in words and nothing is half deleted.
     */
    async remove(note: NoteView): Promise<void> {
      if (note.share) await withdrawShare(note.share.id);
      if (note.account) {
        try {
          await deleteFromAccount(note.id);
        } catch (err) {
          // Already gone (deleted on another device): what the member asked for is true.
          if (!(err instanceof ApiRequestError && err.status === 404)) throw err;
        }
      }
      const outbox = getOutbox();
      for (const item of await outbox.pending(userId)) {
        if (item.kind === KEEP_WRITE && (item.body as { id?: unknown } | null)?.id === note.id)
          await outbox.discard(item.key);
      }
      if (note.local) await removeLocalNote(note.id);
      await refresh(VOICE_NOTES_KEY, ECHOVERSE_KEY, PENDING_WRITES_KEY);
    },
  };
}

export type NoteActions = ReturnType<typeof noteActions>;
