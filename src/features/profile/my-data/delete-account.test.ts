import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryNoteStore, notesOf, saveLocalNote, setLocalNoteStore } from '../../voice-notes/local-notes';
import { deleteAccount } from './my-data-api';

const api = vi.hoisted(() => ({ token: null as string | null, answer: vi.fn() }));
vi.mock('../../../lib/api', async (actual) => ({
  ...(await actual<typeof import('../../../lib/api')>()),
  currentAccessToken: async () => api.token,
  apiJson: api.answer,
}));

const tokenOf = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;
const note = (id: string, userId: string) => ({
  id,
  userId,
  title: id,
  recordedAt: '2026-12-01T09:30:00.000Z',
  durationMs: 4000,
  mimeType: 'audio/webm',
  sizeBytes: 3,
  audio: new Blob(['abc']),
});

afterEach(() => api.answer.mockReset());

describe('deleting the account on this device', () => {
  it("removes the member's voice notes kept on this device, and only theirs", async () => {
    setLocalNoteStore(memoryNoteStore());
    await saveLocalNote(note('mine', 'member-a'));
    await saveLocalNote(note('theirs', 'member-b'));
    api.token = tokenOf('member-a');
    api.answer.mockResolvedValue({ deleted: true });

    expect(await deleteAccount('correct horse')).toEqual({ deleted: true });
    expect(api.answer).toHaveBeenCalledWith('DELETE', '/api/account', { password: 'correct horse' });
    expect(await notesOf('member-a')).toEqual([]);
    expect((await notesOf('member-b')).map((n) => n.id)).toEqual(['theirs']);
  });

  it('keeps the notes when the server refuses the deletion', async () => {
    setLocalNoteStore(memoryNoteStore());
    await saveLocalNote(note('mine', 'member-a'));
    api.token = tokenOf('member-a');
    api.answer.mockRejectedValue(new Error('wrong password'));

    await expect(deleteAccount('nope')).rejects.toThrow('wrong password');
    expect((await notesOf('member-a')).map((n) => n.id)).toEqual(['mine']);
  });
});
