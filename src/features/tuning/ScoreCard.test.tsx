// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { FEEDBACK, SUGGESTIONS } from '../../domain/voice';
import type { VoiceAnalysis } from './recording-summary';
import { ScoreCard } from './ScoreCard';

afterEach(cleanup);

/** What the real engine measures for speech recorded 30 dB too hot (fixtures/voice/e2e-clipped-speech-48k.wav). */
const clipped: VoiceAnalysis = {
  id: 'a',
  at: '2026-11-26T18:00:00.000Z',
  durationSec: 5,
  overall: 32,
  clarity: 38,
  stability: 0,
  resonance: 90,
  projection: 0,
  breathiness: 53,
  volume: 95,
  pitchHz: 98,
  voicedFrames: 122,
  clippedShare: 1,
};

it('shows a clipped recording as too loud for the microphone and never as very gentle (issue 20)', () => {
  render(<ScoreCard analysis={clipped} title="voice analysis complete" />);
  const card = screen.getByRole('region', { name: 'voice analysis complete' });
  expect(card.textContent).toContain(SUGGESTIONS.clipped);
  expect(card.textContent).not.toContain(FEEDBACK.soft);
  expect(card.textContent).not.toContain(SUGGESTIONS.tooSoft);
  expect(screen.getByTestId('feedback-headline').textContent).toBe(FEEDBACK.exploring);
});

it('still says "very gentle" when a quiet recording did not clip', () => {
  render(
    <ScoreCard analysis={{ ...clipped, projection: 20, clippedShare: 0 }} title="voice analysis complete" />,
  );
  expect(screen.getByTestId('feedback-headline').textContent).toBe(FEEDBACK.soft);
});
