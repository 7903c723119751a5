import { describe, expect, it, vi } from 'vitest';
import { ANALYSIS_AUDIO_CONSTRAINTS, MicrophoneError, openMicrophone, processingKeptOn } from './microphone';

function fakeStream(settings: MediaTrackSettings) {
  const track = { getSettings: () => settings, stop: vi.fn() };
  const stream = { getAudioTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream;
  return { stream, track };
}

describe('microphone capture', () => {
  it('requests echo cancellation, noise suppression and auto gain all off', async () => {
    const { stream } = fakeStream({});
    const getUserMedia = vi.fn(async () => stream);
    await openMicrophone({ getUserMedia });
    expect(getUserMedia).toHaveBeenCalledWith({ audio: ANALYSIS_AUDIO_CONSTRAINTS, video: false });
    expect(ANALYSIS_AUDIO_CONSTRAINTS).toEqual({
      echoCancellation: false,
      noiseSuppression: false,
      autoGainControl: false,
    });
  });

  it('reports the processing stages the browser kept on', async () => {
    const { stream, track } = fakeStream({
      echoCancellation: false,
      noiseSuppression: true,
      autoGainControl: true,
    });
    const capture = await openMicrophone({ getUserMedia: async () => stream });
    expect(capture.processingKeptOn).toEqual(['noiseSuppression', 'autoGainControl']);
    expect(capture.settings.noiseSuppression).toBe(true);
    capture.stop();
    expect(track.stop).toHaveBeenCalled();
  });

  it('treats stages missing from the settings as off', () => {
    expect(processingKeptOn({ sampleRate: 48000 })).toEqual([]);
  });

  it('turns a denied permission into a friendly "denied" error', async () => {
    const denied = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    const attempt = openMicrophone({ getUserMedia: async () => Promise.reject(denied) });
    await expect(attempt).rejects.toBeInstanceOf(MicrophoneError);
    await expect(attempt).rejects.toMatchObject({
      kind: 'denied',
      message: expect.stringMatching(/not allowed/),
    });
  });

  it('explains when the browser has no getUserMedia at all', async () => {
    await expect(openMicrophone(undefined)).rejects.toMatchObject({ kind: 'unsupported' });
  });
});
