import { describe, expect, it } from 'vitest';
import type { MyShare } from '../echoverse/echoverse-api';
import type { LocalNote } from './local-notes';
import { mergeNotes, whereText } from './merge-notes';
import type { AccountNote } from './voice-notes-api';

const local = (id: string, title: string, recordedAt: string): LocalNote => ({
  id,
  userId: 'm1',
  title,
  recordedAt,
  durationMs: 4000,
  mimeType: 'audio/webm',
  sizeBytes: 3,
  audio: new Blob([]),
});
const account = (id: string, title: string, recordedAt: string): AccountNote => ({
  id,
  title,
  recordedAt,
  durationMs: 4000,
  mimeType: 'audio/webm',
  sizeBytes: 3,
  keptAt: recordedAt,
});

describe('the list of voice notes', () => {
  it('joins the device’s and the account’s copies by id, newest first, with the account’s title', () => {
    const list = mergeNotes(
      [local('a', 'Here only', '2026-12-01T10:00:00Z'), local('b', 'Old name', '2026-12-02T10:00:00Z')],
      [
        account('b', 'Renamed elsewhere', '2026-12-02T10:00:00Z'),
        account('c', 'Phone', '2026-12-03T10:00:00Z'),
      ],
      new Set(),
      [],
    );
    expect(list.map((n) => [n.id, n.title, whereText(n)])).toEqual([
      ['c', 'Phone', 'in your account'],
      ['b', 'Renamed elsewhere', 'on this device and in your account'],
      ['a', 'Here only', 'on this device only'],
    ]);
  });

  it('marks a keep waiting in the outbox, until the account has the note', () => {
    const waiting = new Set(['a', 'b']);
    const list = mergeNotes(
      [local('a', 'Waiting', '2026-12-01T10:00:00Z'), local('b', 'Arrived', '2026-12-01T11:00:00Z')],
      [account('b', 'Arrived', '2026-12-01T11:00:00Z')],
      waiting,
      [],
    );
    expect(list.map(whereText)).toEqual([
      'on this device and in your account',
      'on this device, waiting to sync to your account',
    ]);
  });

  it('finds a note’s share in the Echoverse by the note it came from', () => {
    const share: MyShare = {
      id: 's1',
      voiceNoteId: 'a',
      title: 'Shared',
      durationMs: 4000,
      sharedAt: '2026-12-01T12:00:00Z',
      echoes: 2,
      hidden: false,
      hiddenAt: null,
    };
    const [note] = mergeNotes([local('a', 'Shared', '2026-12-01T10:00:00Z')], [], new Set(), [share]);
    expect(note?.share).toBe(share);
  });
});
