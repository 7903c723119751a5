import { describe, expect, it } from 'vitest';
import { contextSampleRate } from './engine';

describe('audio context sample rate', () => {
  it('follows the microphone’s own rate by default', () => {
    expect(contextSampleRate('', 44100)).toBe(44100);
    expect(contextSampleRate('?x=1', undefined)).toBeUndefined();
  });

  it('can be pinned with ?sampleRate= for end-to-end tests', () => {
    expect(contextSampleRate('?sampleRate=48000', 44100)).toBe(48000);
  });

  it('ignores a pinned rate the analyser cannot run at', () => {
    expect(contextSampleRate('?sampleRate=8000', 44100)).toBe(44100);
    expect(contextSampleRate('?sampleRate=abc', undefined)).toBeUndefined();
  });
});
