import { describe, expect, it } from 'vitest';
import { pickRandomSession } from './random';
import { isInstrumentalOnly, toSession, toSessions } from './session';

const row = {
  id: 12,
  title: 'gentle voice awakening',
  description: 'A soft start.',
  cover_color: '#A8C3A1',
  voice_path: 'sessions/012-voice.mp3',
  instr_path: 'sessions/012-instrumental.mp3',
  length_sec: 120,
  skill_level: 'beginner',
  category: ['find'],
  moods: ['calm', 'peaceful'],
  tags: 'calm, morning',
  intentions: ['find your center'],
  musicians: [{ name: 'Soren Mist', role: 'organ', instagram: '@soren' }],
};

describe('toSession', () => {
  it('reads a sessions table row', () => {
    const s = toSession(row);
    expect(s).toMatchObject({
      id: 12,
      lengthSec: 120,
      category: ['find'],
      voicePath: 'sessions/012-voice.mp3',
    });
    expect(s?.musicians).toEqual([{ name: 'Soren Mist', role: 'organ', instagram: '@soren' }]);
  });

  it('accepts lists stored as JSON text or comma-separated text', () => {
    const s = toSession({ ...row, category: '["find","fun"]', moods: 'calm, playful' });
    expect(s?.category).toEqual(['find', 'fun']);
    expect(s?.moods).toEqual(['calm', 'playful']);
  });

  it('falls back to estimatedDuration minutes when length_sec is missing', () => {
    expect(toSession({ ...row, length_sec: null, estimatedDuration: 15 })?.lengthSec).toBe(900);
  });

  it('skips rows without an id or a title', () => {
    expect(toSessions([row, { title: 'no id' }, { id: 3 }]).map((s) => s.id)).toEqual([12]);
  });

  it('treats a row without a voice path as an instrumental-only track', () => {
    const track = toSession({ ...row, voice_path: null });
    expect(track && isInstrumentalOnly(track)).toBe(true);
  });
});

describe('pickRandomSession', () => {
  const guided = toSessions([row, { ...row, id: 13 }]);
  const track = toSessions([{ ...row, id: 1, voice_path: null }]);

  it('prefers guided sessions over listening-room tracks', () => {
    for (const r of [0, 0.4, 0.99])
      expect(pickRandomSession([...track, ...guided], () => r)?.voicePath).not.toBeNull();
  });

  it('falls back to tracks when there is nothing else, and to null when empty', () => {
    expect(pickRandomSession(track, () => 0.5)?.id).toBe(1);
    expect(pickRandomSession([], () => 0.5)).toBeNull();
  });
});

describe('toSession: fields of the wrong kind', () => {
  it('reads numbers sent as text and refuses ids that are not positive whole numbers', () => {
    expect(toSession({ ...row, id: '12', length_sec: '95.6' })).toMatchObject({ id: 12, lengthSec: 96 });
    for (const id of [0, -3, 1.5, 'abc', null, undefined]) expect(toSession({ ...row, id })).toBeNull();
  });

  it('skips a row whose optional text or number field holds something else', () => {
    expect(toSession({ ...row, description: 5 })).toBeNull();
    expect(toSession({ ...row, voice_path: {} })).toBeNull();
    expect(toSession({ ...row, length_sec: 'long' })).toBeNull();
    expect(toSession({ ...row, title: '' })).toBeNull();
    expect(toSession('not a row')).toBeNull();
  });

  it('gives missing optional fields their empty values', () => {
    expect(toSession({ id: 4, title: 'bare' })).toEqual({
      id: 4,
      title: 'bare',
      description: '',
      coverColor: null,
      voicePath: null,
      instrPath: null,
      lengthSec: null,
      skillLevel: null,
      category: [],
      moods: [],
      tags: '',
      intentions: [],
      musicians: [],
    });
  });
});

describe('isInstrumentalOnly', () => {
  it('is the server’s listening-room rule (isListeningTrack) for every kind of row', async () => {
    const { isListeningTrack } = await import('../../domain/practice');
    const { isInstrumentalOnly } = await import('./session');
    for (const voicePath of [null, 'v.mp3'])
      for (const instrPath of [null, 'i.mp3']) {
        const row = { voicePath, instrPath };
        expect(isInstrumentalOnly(row as Parameters<typeof isInstrumentalOnly>[0])).toBe(
          isListeningTrack(row),
        );
      }
  });
});
