// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';
import { ActivePhase } from './ActivePhase';
import type { SessionTemplate } from './template-api';
import type { VoiceMeter } from './use-voice-meter';

// The take's microphone: asked for, never granted (the permission prompt left open).
vi.mock('../tuning/lazy-engine', () => ({ startVoiceEngineLazy: () => new Promise(() => {}) }));

const template: SessionTemplate = {
  id: 4,
  slug: 'discovering-your-range',
  title: 'Discovering Your Range',
  description: 'Find where your voice is comfortable.',
  category: 'find',
  duration: 240,
  difficulty: 'intermediate',
  voiceLevel: 'developing',
  instructions: [
    { text: 'Warm up with gentle lip trills on a low note.', duration: 90, cue: '/cues/a/1.mp3' },
    {
      text: "Sing a five-note scale up and down on 'nay', starting low.",
      duration: 150,
      cue: '/cues/a/2.mp3',
      exercise: 'tune-five-note-scale',
    },
  ],
};

const meter = (): VoiceMeter => ({
  status: 'off',
  error: null,
  samples: [],
  maxLevel: () => 0,
  feedback: () => null,
  start: vi.fn(),
  stop: vi.fn(),
});

/** The exercise is a lazy chunk: its first import (transformed on demand) may take a while. */
const LAZY = { timeout: scaledTimeout(15_000) };

function show(stepIndex: number, m = meter()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ActivePhase
        template={template}
        view={{ stepIndex, remainingSec: 60, percent: 10, activeSec: 0, finished: false }}
        paused={false}
        meter={m}
        cue={{ muted: true, toggleMuted: () => undefined } as never}
        onPauseResume={() => undefined}
        onSkip={() => undefined}
        onFinish={() => undefined}
      />
    </QueryClientProvider>,
  );
  return m;
}

beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a template step with a pitch target', () => {
  it('offers its exercise to hear, sing and score, without the exercise picker', async () => {
    show(1);
    const step = screen.getByTestId('step-target');
    expect(step.textContent).toContain('sing to the target');
    expect(await screen.findByText('Five-note scale', {}, LAZY)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hear it' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'pitch exercises' })).toBeNull();
    // Five notes, placed in a middle range for a member without recordings.
    expect(screen.getByTestId('target-notes').textContent?.split(' · ')).toHaveLength(5);
  });

  it('turns the player’s own voice meter off before the take opens the microphone', async () => {
    const m = show(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Sing it' }, LAZY));
    expect(m.stop).toHaveBeenCalled();
  });

  it('shows nothing of the kind on a step without a target', () => {
    show(0);
    expect(screen.queryByTestId('step-target')).toBeNull();
  });
});
