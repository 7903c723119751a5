import { describe, expect, it } from 'vitest';
import { dsiInWords, dsiStatus } from './dsi-status';

const calibrated = {
  recordedAt: '2026-12-05T10:00:00Z',
  highestHz: 523.25,
  levels: 'spl' as const,
  softestDb: 52,
};
const relative = {
  recordedAt: '2026-12-06T10:00:00Z',
  highestHz: 600,
  levels: 'relative' as const,
  softestDb: null,
};
const withBreath = { recordedAt: '2026-12-04T10:00:00Z', mptSeconds: 20, jitterPercent: 0.5 };

describe('the voice severity index (DSI)', () => {
  it('is worked out from the newest calibrated range and the newest assessment with breath and jitter', () => {
    const s = dsiStatus(
      [relative, calibrated],
      [{ recordedAt: '2026-12-06T10:00:00Z', mptSeconds: null }, withBreath],
    );
    // 0.13 x 20 + 0.0053 x 523.25 - 0.26 x 52 - 1.18 x 0.5 + 12.4 = 3.671...
    expect(s).toMatchObject({
      kind: 'value',
      dsi: 3.7,
      rangeAt: calibrated.recordedAt,
      assessmentAt: withBreath.recordedAt,
    });
    expect(s.kind === 'value' && s.words).toBe(
      'Toward the typical end of the scale (+5 typical, −5 severely hoarse).',
    );
  });

  it('says why when it cannot be worked out', () => {
    expect(dsiStatus([], [withBreath])).toMatchObject({
      kind: 'missing',
      why: expect.stringMatching(/range check made with a calibrated device/),
    });
    expect(dsiStatus([relative], [withBreath])).toMatchObject({
      why: expect.stringMatching(/after calibrating this device/),
    });
    expect(dsiStatus([calibrated], [])).toMatchObject({ why: expect.stringMatching(/with the breath task/) });
    expect(dsiStatus([calibrated], [{ recordedAt: 'x', mptSeconds: 18, jitterPercent: null }])).toMatchObject(
      {
        why: expect.stringMatching(/measured jitter/),
      },
    );
  });

  it('reads the published scale in words, +5 typical and -5 severe', () => {
    expect(dsiInWords(5.2)).toMatch(/typical end/);
    expect(dsiInWords(0)).toMatch(/^Midway/);
    expect(dsiInWords(-5)).toMatch(/severe end/);
  });
});
