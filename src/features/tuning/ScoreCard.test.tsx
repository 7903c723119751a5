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

it('leads with one sentence, then the score with what it means; Hz and technical names behind "details" (issue 31)', () => {
  const good: VoiceAnalysis = {
    ...clipped,
    overall: 72,
    clarity: 72,
    stability: 60,
    resonance: 76,
    projection: 80,
    clippedShare: 0,
    pitchHz: 220,
    vibratoRateHz: 5.5,
    vibratoExtentCents: 20,
  };
  render(<ScoreCard analysis={good} title="voice analysis complete" />);
  const card = screen.getByRole('region', { name: 'voice analysis complete' });
  const text = card.textContent ?? '';
  expect(screen.getByTestId('score-words').textContent).toBe('Clear and mostly steady: a good result.');
  // The sentence comes before any number.
  expect(text.indexOf('Clear and mostly steady')).toBeLessThan(text.indexOf('72'));
  expect(screen.getByTestId('score-meaning').textContent).toBe(
    '72 out of 100: a good result (60 to 79). The four parts below count equally.',
  );
  expect(screen.getByTestId('score-clarity-words').textContent).toBe('clear');
  expect(screen.getByTestId('score-stability-words').textContent).toBe('mostly steady');
  expect(screen.getByTestId('score-projection-words').textContent).toBe('carrying well');
  expect(screen.getByTestId('score-resonance-words').textContent).toBe('ringing');
  expect(screen.getByTestId('score-clarity').textContent).toBe('72%');
  expect(screen.getByTestId('score-note').textContent).toBe('Your voice centred on A3.');
  const details = screen.getByTestId('score-details') as HTMLDetailsElement;
  expect(details.open).toBe(false);
  for (const id of ['score-pitch', 'score-vibrato'])
    expect(details.contains(screen.getByTestId(id))).toBe(true);
  expect(screen.getByTestId('score-pitch').textContent).toBe('220 Hz');
  for (const term of ['Hz', 'HNR', 'jitter', 'shimmer', 'spectral tilt', 'cent'])
    expect(details.textContent).toContain(term);
  // Outside "details", no technical name.
  const outside = text.replace(details.textContent ?? '', '');
  for (const term of ['Hz', 'HNR', 'jitter', 'shimmer', 'tilt', 'cents']) expect(outside).not.toContain(term);
});

it('words a clipped recording’s carrying power as too loud, like its advice', () => {
  render(<ScoreCard analysis={clipped} title="voice analysis complete" />);
  expect(screen.getByTestId('score-projection-words').textContent).toBe('too loud for the microphone');
});
