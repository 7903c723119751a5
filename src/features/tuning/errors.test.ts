import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_MIC_TEXT,
  AUDIO_OUTPUT_HINT,
  ENGINE_TEXT,
  EngineStartError,
  classifyStartError,
  headline,
  missingAudioSupport,
  TUNING_MIC_TEXT,
  UNSUPPORTED_TEXT,
  UnsupportedError,
  unsupportedHint,
} from './errors';

const named = (name: string) => Object.assign(new Error('x'), { name });

describe('recorder errors', () => {
  it('shows the screen’s own microphone message with a specific hint when permission is denied', () => {
    const e = classifyStartError(new DOMException('denied', 'NotAllowedError'));
    expect(e.kind).toBe('microphone');
    expect(headline(e, TUNING_MIC_TEXT)).toBe('Could not access microphone. Please check permissions.');
    expect(headline(e, ANALYSIS_MIC_TEXT)).toBe('Failed to access microphone. Please check permissions.');
    expect(e.hint).toMatch(/blocked/);
  });

  it('says when no microphone was found or it is busy', () => {
    expect(classifyStartError(named('NotFoundError')).hint).toMatch(/No microphone was found/);
    expect(classifyStartError(named('NotReadableError')).hint).toMatch(/in use/);
  });

  it('keeps the headline alone for an unknown failure', () => {
    const e = classifyStartError('weird');
    expect(e).toEqual({ kind: 'microphone', hint: null });
  });

  it('reports missing browser support with the spec’s text', () => {
    expect(headline(classifyStartError(new UnsupportedError('no worklet')), TUNING_MIC_TEXT)).toBe(
      UNSUPPORTED_TEXT,
    );
    expect(headline(classifyStartError(named('NotSupportedError')), TUNING_MIC_TEXT)).toBe(
      'Web Audio API not supported in this browser',
    );
  });

  it('explains that an insecure page cannot record', () => {
    expect(unsupportedHint(false)).toMatch(/https/);
    expect(unsupportedHint(true)).toMatch(/current version/);
  });

  it('lists each missing piece of the audio pipeline', () => {
    expect(missingAudioSupport({ navigator: {} })).toEqual([
      'AudioContext',
      'AudioWorklet',
      'getUserMedia',
      'WebAssembly',
    ]);
    const full = {
      AudioContext: function () {},
      AudioWorkletNode: function () {},
      navigator: { mediaDevices: { getUserMedia: () => undefined } },
      WebAssembly: {},
    };
    expect(missingAudioSupport(full)).toEqual([]);
  });
});

describe('engine errors', () => {
  const micError = (kind: string, message: string) =>
    Object.assign(new Error(message), { name: 'MicrophoneError', kind });

  it('uses the microphone module’s own explanation as the hint line', () => {
    const e = classifyStartError(
      micError('not-found', 'No microphone was found. Please connect one and try again.'),
    );
    expect(e).toEqual({
      kind: 'microphone',
      hint: 'No microphone was found. Please connect one and try again.',
    });
  });

  it('treats a page without getUserMedia as an unsupported browser', () => {
    expect(classifyStartError(micError('unsupported', 'needs https')).kind).toBe('unsupported');
  });

  it('does not blame the microphone when the analyser itself fails to load', () => {
    const e = classifyStartError(new EngineStartError('wasm 404'));
    expect(headline(e, TUNING_MIC_TEXT)).toBe(ENGINE_TEXT);
    expect(e.hint).toBeNull();
  });

  it('passes on what the member can do when the engine knows more than "reload"', () => {
    const error = new EngineStartError('context stayed suspended');
    error.hint = AUDIO_OUTPUT_HINT;
    expect(classifyStartError(error)).toEqual({ kind: 'engine', hint: AUDIO_OUTPUT_HINT });
  });
});
