import { describe, expect, it } from 'vitest';
import { parseTarget } from './notes';
import { renderTarget } from './tone';

/** Frequency from zero crossings over a slice, good to a fraction of a Hz for a clean tone. */
function crossingHz(x: Float32Array, rate: number, from: number, to: number): number {
  const a = Math.round(from * rate);
  const b = Math.round(to * rate);
  const ups: number[] = [];
  for (let i = a + 1; i < b; i++) if ((x[i - 1] ?? 0) < 0 && (x[i] ?? 0) >= 0) ups.push(i);
  return ((ups.length - 1) * rate) / ((ups[ups.length - 1] ?? 0) - (ups[0] ?? 0));
}

describe('renderTarget', () => {
  const rate = 16000;
  const target = parseTarget('A3:0.5,-:0.25,E4:0.5~,A4:0.5');
  const samples = renderTarget(target, rate);

  it('lasts as long as the target and plays each note at its pitch, rests silent', () => {
    expect(samples.length).toBe(Math.round(1.75 * rate));
    expect(crossingHz(samples, rate, 0.1, 0.4)).toBeCloseTo(220, 0);
    expect(crossingHz(samples, rate, 1.3, 1.65)).toBeCloseTo(440, 0);
    expect(
      Math.max(...samples.subarray(Math.round(0.51 * rate), Math.round(0.74 * rate)).map(Math.abs)),
    ).toBe(0);
  });

  it('glides up between the notes and starts and ends softly, below the level asked', () => {
    const early = crossingHz(samples, rate, 0.78, 0.88);
    const late = crossingHz(samples, rate, 1.1, 1.2);
    expect(early).toBeGreaterThan(330);
    expect(late).toBeGreaterThan(early);
    expect(late).toBeLessThan(440);
    expect(Math.abs(samples[0] ?? 1)).toBeLessThan(0.01);
    expect(Math.abs(samples[samples.length - 1] ?? 1)).toBeLessThan(0.01);
    expect(Math.max(...samples.map(Math.abs))).toBeLessThanOrEqual(0.3 + 1e-6);
  });

  it('renders the piano-like timbre at the same pitch, with harmonics', () => {
    const piano = renderTarget(parseTarget('A3:0.5'), rate, { timbre: 'piano' });
    expect(piano.length).toBe(rate / 2);
    expect(Math.max(...piano.map(Math.abs))).toBeLessThanOrEqual(0.3 + 1e-6);
    // harmonics make the waveform differ from a sine of the same pitch
    const sine = renderTarget(parseTarget('A3:0.5'), rate);
    let diff = 0;
    for (let i = 0; i < piano.length; i++) diff += Math.abs((piano[i] ?? 0) - (sine[i] ?? 0));
    expect(diff / piano.length).toBeGreaterThan(0.01);
  });
});
