import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { VoiceGoal } from '../growth-api';
import { GoalCard } from './GoalCard';

/** Issue 21: a goal shows numbers only in a validated measure's unit, never an old blend's. */
const goal = (over: Partial<VoiceGoal>): VoiceGoal => ({
  id: 1,
  targetMetric: 'tonalClarity',
  targetValue: 15,
  targetDate: '2027-01-31',
  createdAt: '2026-10-10T09:00:00Z',
  scale: 'assessment',
  ...over,
});
const text = (g: VoiceGoal, clarity: number | null = 12) =>
  renderToStaticMarkup(
    <GoalCard
      goal={g}
      current={{ voiceQualityScore: 2, tonalClarity: clarity, breathSupport: null, voiceRange: 19.6 }}
      onRemove={() => undefined}
    />,
  ).replace(/<[^>]+>/g, ' ');

describe('a voice goal card', () => {
  it('follows a CPPS goal in dB from the latest assessments', () => {
    const shown = text(goal({}));
    expect(shown).toContain('tonal clarity (CPPS)');
    expect(shown).toContain('current 12.0 dB');
    expect(shown).toContain('target 15.0 dB');
    expect(shown).toContain('80% complete · 3.0 dB to go');
    expect(shown).not.toContain('remove this goal');
  });

  it('never reads a goal set on the old 0-100 blend as dB, and offers to remove it', () => {
    // The release fixture's goal: "tonal clarity 80" on the old blend, with a CPPS of 12 dB today.
    const shown = text(goal({ targetValue: 80, scale: 'retired-blend' }));
    expect(shown).toContain('tonal clarity (CPPS)');
    expect(shown).toContain('set on the old 0–100 score');
    expect(shown).toContain('set a new one on tonal clarity (CPPS)');
    expect(shown).not.toMatch(/\d\s*dB|80|complete|current/);
    expect(shown).toContain('remove this goal');
  });

  it('says an old resonance goal is not measured yet, and why', () => {
    const shown = text(goal({ targetMetric: 'resonanceLevel', targetValue: 70, scale: 'retired-blend' }));
    expect(shown).toContain('Resonance is not measured yet: No validated measure of resonance');
    expect(shown).not.toMatch(/70|complete/);
  });

  it('follows a range goal in semitones from the newest range check (issue 31)', () => {
    const shown = text(goal({ targetMetric: 'voiceRange', targetValue: 24 }));
    expect(shown).toContain('voice range');
    expect(shown).toContain('current 20 semitones');
    expect(shown).toContain('target 24 semitones');
    expect(shown).toContain('82% complete · 4 semitones to go');
  });
});
