import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../catalogue';
import {
  CATALOGUE_CUES_DIR,
  catalogueGuidance,
  clipHash,
  clipTexts,
  loadClipManifest,
  loadScripts,
} from '../catalogue-scripts';
import { SAMPLE_RATE } from './config';
import { MIN_SING_SEC, planGuidance } from './guidance';

const catalogue = loadCatalogue();
const scripts = loadScripts();
const manifest = loadClipManifest();

describe('the guided sessions’ spoken guidance', () => {
  it('has a script for every voice-guided session and none for listening-room tracks', () => {
    for (const s of catalogue.sessions) expect(scripts.has(s.id), s.title).toBe(s.voice_path !== null);
  });

  it('has a committed clip for every text, rendered from the current text', () => {
    const texts = clipTexts([...scripts.values()]);
    expect(Object.keys(manifest).sort()).toEqual([...texts.keys()].sort());
    for (const [clip, text] of texts) {
      expect(manifest[clip]?.hash, `${clip} is stale: run npm run cues:render`).toBe(clipHash(text));
      expect(fs.statSync(path.join(CATALOGUE_CUES_DIR, clip)).size).toBeGreaterThan(500);
    }
  });

  it('fits intro, instructions, paced counts, sung rounds and closing into each length_sec', () => {
    const guidanceOf = catalogueGuidance();
    for (const s of catalogue.sessions.filter((x) => x.voice_path)) {
      const g = guidanceOf(s.id)!;
      const plan = planGuidance(g.script, s.length_sec, (c) => g.clipSamples[c]! / SAMPLE_RATE);
      const kinds = plan.cues.map((c) => c.kind);
      expect(kinds[0], s.title).toBe('intro');
      expect(kinds.at(-1)).toBe('closing');
      expect(kinds.filter((k) => k === 'instruction')).toHaveLength(g.script.rounds.length);
      expect(kinds.filter((k) => k === 'count').length).toBeGreaterThanOrEqual(2 * g.script.rounds.length);
      // Nothing overlaps: every spoken clip ends before the next starts, and no sung window
      // contains a spoken clip.
      for (let i = 1; i < plan.cues.length; i++) {
        const prev = plan.cues[i - 1]!;
        expect(plan.cues[i]!.at).toBeGreaterThanOrEqual(prev.at + prev.dur - 1e-9);
      }
      for (const w of plan.sing) {
        expect(w.to - w.from).toBeGreaterThanOrEqual(MIN_SING_SEC);
        for (const c of plan.cues) expect(c.at + c.dur <= w.from || c.at >= w.to).toBe(true);
      }
      const closing = plan.cues.at(-1)!;
      expect(closing.at + closing.dur).toBeLessThanOrEqual(s.length_sec - 5);
      expect(closing.at + closing.dur).toBeGreaterThan(s.length_sec - 15);
    }
  });

  it('counts the breath one word per second: "Breathe in", two, three, four, "And out", two…', () => {
    const g = catalogueGuidance()(11)!;
    const plan = planGuidance(g.script, 300, (c) => g.clipSamples[c]! / SAMPLE_RATE);
    const counts = plan.cues.filter((c) => c.kind === 'count').slice(0, 8);
    expect(counts.map((c) => path.basename(c.clip, '.mp3'))).toEqual([
      'breathe-in',
      'two',
      'three',
      'and-out',
      'two',
      'three',
      'four',
      'five',
    ]);
    for (let i = 1; i < counts.length; i++) expect(counts[i]!.at - counts[i - 1]!.at).toBeCloseTo(1, 6);
  });

  it('refuses a length too short for the script instead of squeezing the singing out', () => {
    const g = catalogueGuidance()(22)!;
    expect(() => planGuidance(g.script, 120, (c) => g.clipSamples[c]! / SAMPLE_RATE)).toThrow(
      /per sung round/,
    );
  });
});
