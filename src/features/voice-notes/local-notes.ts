import { idbObjectStore } from '../../lib/idb-object-store';

/**
 * Voice notes kept on this device (IndexedDB `tuneful-voice-notes`): the audio never leaves it
 * unless the member chooses "keep in my account" or "share to the Echoverse". Each note carries
 * its member's id and is listed only for them, so a shared device never shows one member's
 * notes to another. Signing out leaves them (they are the member's recordings, not a copy of
 * the server's data); deleting the account from this device removes them.
 */
export interface LocalNote {
  /** A UUID made here; the same id names the note in the account once kept there. */
  id: string;
  userId: string;
  title: string;
  recordedAt: string;
  durationMs: number;
  mimeType: string;
  sizeBytes: number;
  audio: Blob;
}

export interface LocalNoteStore {
  all(): Promise<LocalNote[]>;
  put(note: LocalNote): Promise<void>;
  remove(id: string): Promise<void>;
}

export function indexedDbNoteStore(factory: IDBFactory): LocalNoteStore {
  const run = idbObjectStore(factory, 'tuneful-voice-notes', 'notes', 'id');
  return {
    all: () => run('readonly', (s) => s.getAll() as IDBRequest<LocalNote[]>),
    put: async (note) => {
      await run('readwrite', (s) => s.put(note));
    },
    remove: async (id) => {
      await run('readwrite', (s) => s.delete(id));
    },
  };
}

export function memoryNoteStore(): LocalNoteStore {
  const notes = new Map<string, LocalNote>();
  return {
    all: async () => [...notes.values()],
    put: async (note) => {
      notes.set(note.id, note);
    },
    remove: async (id) => {
      notes.delete(id);
    },
  };
}

let store: LocalNoteStore | null = null;
const listeners = new Set<() => void>();

export function localNotes(): LocalNoteStore {
  store ??= typeof indexedDB === 'undefined' ? memoryNoteStore() : indexedDbNoteStore(indexedDB);
  return store;
}

/** Tests (and nothing else) swap the store. */
export function setLocalNoteStore(next: LocalNoteStore): void {
  store = next;
  listeners.forEach((l) => l());
}

export function onLocalNotesChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const changed = () => listeners.forEach((l) => l());

/** The member's notes on this device, newest recording first. */
export async function notesOf(userId: string): Promise<LocalNote[]> {
  const all = await localNotes().all();
  return all.filter((n) => n.userId === userId).sort((a, b) => b.recordedAt.localeCompare(a.recordedAt));
}

export async function saveLocalNote(note: LocalNote): Promise<void> {
  await localNotes().put(note);
  changed();
}

export async function removeLocalNote(id: string): Promise<void> {
  await localNotes().remove(id);
  changed();
}

/** After the member deleted their account here: their notes on this device go too. */
export async function removeLocalNotesOf(userId: string): Promise<void> {
  for (const note of await notesOf(userId)) await localNotes().remove(note.id);
  changed();
}
