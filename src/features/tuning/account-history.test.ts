import { describe, expect, it } from 'vitest';
import { fromServer, toServer } from './account-history';
import type { VoiceAnalysis } from './recording-summary';

const local: VoiceAnalysis = {
  id: 'x',
  at: '2026-11-26T10:00:00.000Z',
  durationSec: 8,
  overall: 74,
  clarity: 80,
  stability: 62,
  resonance: 70,
  projection: 84,
  breathiness: 20,
  volume: 45,
  pitchHz: 196,
  voicedFrames: 300,
  pitchRangeSemitones: 7.5,
};

describe('account history mapping', () => {
  it('sends the issue fields with 0-1 measures and reads them back unchanged', () => {
    const body = toServer(local);
    expect(body).toMatchObject({
      score: 74,
      clarity: 0.8,
      stability: 0.62,
      pitchMedianHz: 196,
      pitchRangeSemitones: 7.5,
    });
    const back = fromServer({ ...body, id: 5, recordedAt: body.recordedAt });
    expect({ ...back, id: 'x' }).toEqual(local);
  });
  it('sends no pitch when none was heard and no range for older analyses', () => {
    const body = toServer({ ...local, pitchHz: null, pitchRangeSemitones: undefined });
    expect(body.pitchMedianHz).toBeNull();
    expect(body.pitchRangeSemitones).toBeNull();
  });
});
