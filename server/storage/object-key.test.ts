import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyFromPath, objectFile, validateKey } from './object-key';

describe('object keys', () => {
  it('accepts keys made of the hosted alphabet, spaces included', () => {
    for (const k of ['a.mp3', 's1/voice.mp3', "calm tracks/(take 2)!'&$=@;:+,.mp3", 'x-y_z*.mp3']) {
      expect(validateKey(k)).toBe(k);
    }
  });

  it('refuses dot segments, empty segments, absolute paths, backslashes, NUL, % and non-ASCII', () => {
    for (const k of [
      '',
      '..',
      '../x',
      'a/../../x',
      './a',
      'a//b',
      '/etc/passwd',
      'a\\b',
      'a\0b',
      'a%2e',
      'é.mp3',
      'a#b',
    ]) {
      expect(() => validateKey(k), JSON.stringify(k)).toThrow();
    }
  });

  it('decodes the raw path once and validates the result', () => {
    expect(keyFromPath('audio/calm%20tracks/a%20b.mp3', 'audio/')).toBe('calm tracks/a b.mp3');
    expect(() => keyFromPath('audio/..%2F..%2Fkeys.json', 'audio/')).toThrow();
    expect(() => keyFromPath('audio/%E0%A4%A', 'audio/')).toThrow();
  });

  it('resolves a key to a file inside the bucket folder', () => {
    expect(objectFile('/data/storage/audio', 's1/voice.mp3')).toBe(
      path.resolve('/data/storage/audio/s1/voice.mp3'),
    );
  });
});
