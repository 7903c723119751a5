// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@supabase/supabase-js';
import { emptyFrame } from '../../../dsp/loader';
import { SCORE_RULE_TEXT } from '../../domain/pitch-target/score';
import { NOT_HEARD, NOT_HEARD_LIVE } from '../../domain/voice';
import { useAuthStore } from '../auth/auth-store';
import type { EngineCallbacks, StartEngine } from '../tuning/engine-types';
import { MatchTheNote } from './MatchTheNote';

const play = vi.hoisted(() => vi.fn());
const prepare = vi.hoisted(() => vi.fn());
vi.mock('../../audio/targetPlayer', () => ({ playTarget: play, prepareTarget: prepare }));
const sendOrQueue = vi.hoisted(() => vi.fn());
vi.mock('../../lib/outbox/offline-writes', async (original) => ({
  ...(await original<typeof import('../../lib/outbox/offline-writes')>()),
  sendOrQueue,
}));

/** Three recordings around F3: "Find one note" is placed on A3 (220 Hz) for this voice. */
const F3_VOICE = [174.61, 174.61, 174.61];

function fakeEngine() {
  const stop = vi.fn(async () => {});
  let callbacks: EngineCallbacks | null = null;
  const start: StartEngine = vi.fn(async (cb: EngineCallbacks) => {
    callbacks = cb;
    return { sampleRate: 48000, stagesKeptOn: [], stop, setPitchRange: async () => {} };
  });
  /** Sings `hz` (null: silence) for `seconds` from `from`, one frame per 10 ms. */
  const sing = (hz: number | null, from: number, seconds: number) => {
    for (let t = from; t < from + seconds; t += 0.01) callbacks?.onFrame({ ...emptyFrame(), t, f0: hz });
  };
  /**
   * A pure tone at `hz`, as the analyser measures one (fixtures/voice/non-voice/sine-440hz):
   * all its energy at f0 (centroid / f0 = 1) and its pitch held dead still.
   */
  const tone = (hz: number, from: number, seconds: number) => {
    for (let t = from; t < from + seconds; t += 0.01)
      callbacks?.onFrame({ ...emptyFrame(), t, f0: hz, volume: 0.4, spectralCentroid: hz, wobble: 0.01 });
  };
  return { start, stop, sing, tone };
}

const playback = () => ({ ended: new Promise<void>(() => {}), stop: vi.fn() });

function show(props: Partial<Parameters<typeof MatchTheNote>[0]> & { startEngine: StartEngine }) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MatchTheNote pitchMedians={F3_VOICE} {...props} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  play.mockImplementation(playback);
  prepare.mockImplementation(() => ({ ...playback(), start: vi.fn() }));
  useAuthStore.setState({ user: null, session: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  play.mockReset();
  prepare.mockReset();
  sendOrQueue.mockReset();
});

describe('match the note', () => {
  it('places the exercise in the member’s range, and scores a take sung on the target note at 0 cents', async () => {
    const engine = fakeEngine();
    show({ startEngine: engine.start });
    expect(screen.getByTestId('target-notes').textContent).toBe('A3');
    expect(screen.getByText(/Placed in your range/)).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sing it' })));
    expect(engine.start).toHaveBeenCalledOnce();
    // The analyser listens an octave either side of the target, as the command does.
    expect(engine.start).toHaveBeenCalledWith(
      expect.objectContaining({ pitchRange: { floorHz: 110, ceilingHz: 440 } }),
    );
    expect(screen.getByRole('button', { name: 'Stop singing' })).toBeTruthy();
    // The lead-in, the 3 s note at 220 Hz, and the tail: the take ends by itself.
    await act(async () => {
      engine.sing(null, 0, 1.5);
      engine.sing(220, 1.5, 3.6);
    });
    expect(engine.stop).toHaveBeenCalled();
    const note = screen.getByTestId('note-result');
    expect(note.textContent).toContain('A3');
    expect(note.textContent).toContain('on the note (0 cents)');
    expect(note.textContent).toMatch(/held in tune (9\d|100)% of the note/);
    expect(Number(screen.getByTestId('take-score').textContent)).toBeGreaterThanOrEqual(95);
    expect(screen.getByTestId('score-rule').textContent).toContain(SCORE_RULE_TEXT);
    // A visitor's result stays on screen only.
    expect(screen.getByText(/Sign in to keep your results/)).toBeTruthy();
    expect(sendOrQueue).not.toHaveBeenCalled();
  });

  it('keeps a take going when the history is read again with the same voice', async () => {
    const engine = fakeEngine();
    const { rerender } = show({ startEngine: engine.start });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sing it' })));
    await act(async () => engine.sing(220, 0, 2));
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <MatchTheNote startEngine={engine.start} pitchMedians={[...F3_VOICE]} />
      </QueryClientProvider>,
    );
    // Still the same take: singing, with the frames so far.
    expect(screen.getByTestId('match-the-note').getAttribute('data-phase')).toBe('singing');
    await act(async () => engine.sing(220, 2, 3.2));
    expect(screen.getByTestId('note-result').textContent).toContain('on the note (0 cents)');
  });

  it('says a flat note in words: cents flat, not a colour', async () => {
    const engine = fakeEngine();
    show({ startEngine: engine.start });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sing it' })));
    // 30 cents flat of A3.
    await act(async () => engine.sing(220 * 2 ** (-30 / 1200), 0, 5.2));
    expect(screen.getByTestId('note-result').textContent).toContain('30 cents flat');
    // Words first (issue 31): the take's sentence and the note's words; the cents behind "details".
    expect(screen.getByTestId('take-words').textContent).toBe('A little flat.');
    const details = screen.getByTestId('note-result').querySelector('details');
    expect(details?.open).toBe(false);
    expect(details?.querySelector('summary')?.textContent).toBe('a little flatdetails');
  });

  it('keeps nothing of a take in which no note was sung, and says so', async () => {
    useAuthStore.setState({ user: { id: 'member-1' } as User });
    const engine = fakeEngine();
    show({ startEngine: engine.start });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sing it' })));
    await act(async () => engine.sing(null, 0, 5.2));
    expect(screen.getByTestId('note-result').textContent).toContain('not sung');
    expect(screen.getByTestId('take-unheard')).toBeTruthy();
    expect(sendOrQueue).not.toHaveBeenCalled();
  });

  it('a pure tone on the note is not a voice, live and at the end, and nothing is kept (issue 30)', async () => {
    useAuthStore.setState({ user: { id: 'member-1' } as User });
    const engine = fakeEngine();
    show({ startEngine: engine.start });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sing it' })));
    await act(async () => engine.tone(220, 0, 2));
    // Live: the same rule as the end says what it hears.
    expect(screen.getByTestId('take-heard').textContent).toBe(NOT_HEARD_LIVE.tone);
    await act(async () => engine.tone(220, 2, 3.2));
    expect(engine.stop).toHaveBeenCalled();
    expect(screen.getByTestId('take-not-voice').textContent).toBe(NOT_HEARD.tone);
    expect(screen.queryByTestId('note-result')).toBeNull();
    expect(screen.queryByTestId('take-score')).toBeNull();
    expect(sendOrQueue).not.toHaveBeenCalled();
  });

  it('moves the target an octave down at the member’s choice', () => {
    show({ startEngine: fakeEngine().start });
    fireEvent.click(screen.getByRole('button', { name: 'an octave lower' }));
    expect(screen.getByTestId('target-notes').textContent).toBe('A2');
  });

  it('plays the target on request, and stops it before the microphone listens', async () => {
    const engine = fakeEngine();
    const p = playback();
    play.mockReturnValueOnce(p);
    show({ startEngine: engine.start });
    fireEvent.click(screen.getByRole('button', { name: 'Hear it' }));
    expect(play).toHaveBeenCalledWith([expect.objectContaining({ name: 'A3', hz: 220, seconds: 3 })]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sing it' })));
    expect(p.stop).toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Hear it' }) as HTMLButtonElement).disabled).toBe(true);
    // Without headphones nothing plays while singing.
    await act(async () => engine.sing(220, 0, 2));
    expect(play).toHaveBeenCalledOnce();
    expect(prepare).not.toHaveBeenCalled();
  });

  it('plays along while singing when the member wears headphones, from the end of the lead-in', async () => {
    const engine = fakeEngine();
    show({ startEngine: engine.start });
    fireEvent.click(screen.getByLabelText(/wearing headphones/));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sing it' })));
    // Made in the tap, started with the take's first frame, 1.5 s ahead on the audio clock.
    expect(prepare).toHaveBeenCalledWith([expect.objectContaining({ name: 'A3' })]);
    const along = prepare.mock.results[0]?.value as { start: ReturnType<typeof vi.fn> };
    expect(along.start).not.toHaveBeenCalled();
    await act(async () => engine.sing(220, 0, 0.5));
    expect(along.start).toHaveBeenCalledOnce();
    expect(along.start).toHaveBeenCalledWith(1.5);
    expect((screen.getByRole('button', { name: 'Hear it' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('saves a member’s take with its exercise, target, notes, score and octave, queued when offline', async () => {
    useAuthStore.setState({ user: { id: 'member-1' } as User });
    sendOrQueue.mockResolvedValue({ queued: true });
    const engine = fakeEngine();
    show({ startEngine: engine.start, exerciseId: 'find-one-note', templateId: 12 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sing it' })));
    await act(async () => engine.sing(220, 0, 5.2));
    expect(sendOrQueue).toHaveBeenCalledWith('pitch-result', '/api/pitch-exercises/results', {
      exerciseId: 'find-one-note',
      target: 'A3:3',
      notes: [expect.objectContaining({ target: 'A3:3', centsOff: expect.any(Number) })],
      score: Number(screen.getByTestId('take-score').textContent),
      shift: 0,
      recordedAt: expect.any(String),
      templateId: 12,
    });
    expect(
      await screen.findByText('Saved — will sync when you’re back online'.replace('’', "'")),
    ).toBeTruthy();
    // A template step shows its one exercise, without the picker.
    expect(screen.queryByRole('list', { name: 'pitch exercises' })).toBeNull();
  });
});
