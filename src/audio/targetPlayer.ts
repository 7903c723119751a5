// Plays a pitch-matching target on the device (issue 22): the domain renders the samples
// (src/domain/pitch-target/tone.ts), this plays them through the browser's own AudioContext.
// Nothing is fetched: the tone is made here, so it plays offline too.
import { renderTarget, type ToneTimbre } from '../domain/pitch-target/tone';
import type { TargetNote } from '../domain/pitch-target/types';

export interface TargetPlayback {
  /** Resolves when the target has played to its end or was stopped. */
  ended: Promise<void>;
  stop(): void;
}

type ContextFactory = () => AudioContext;
const browserContext: ContextFactory = () => new AudioContext();

export interface PreparedTarget extends TargetPlayback {
  /** Starts the target `delaySec` from now on the audio clock (once; later calls do nothing). */
  start(delaySec?: number): void;
}

/**
 * Gets `notes` ready to play: renders them and opens the context now, inside the member's tap
 * (iOS only lets a context make sound when it was created or resumed in a gesture), so the
 * target can start later on the audio clock, e.g. at the end of a take's lead-in. Its own
 * short-lived context, closed at the end, so the voice analyser's context
 * (src/audio/voiceAnalyserNode.ts) never carries the tone into the microphone path, and an
 * iPhone's single audio session is released as soon as the target has played.
 */
export function prepareTarget(
  notes: readonly TargetNote[],
  { timbre = 'piano' as ToneTimbre, createContext = browserContext } = {},
): PreparedTarget {
  const ctx = createContext();
  const samples = renderTarget(notes, ctx.sampleRate, { timbre });
  const buffer = ctx.createBuffer(1, Math.max(1, samples.length), ctx.sampleRate);
  // getChannelData's view, not copyToChannel: the rendered array's buffer type is wider than
  // what copyToChannel accepts, and this copies once all the same.
  buffer.getChannelData(0).set(samples);
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  source.connect(ctx.destination);
  let finish: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let done = false;
  let started = false;
  const close = () => {
    if (done) return;
    done = true;
    void ctx.close().catch(() => undefined);
    finish();
  };
  source.onended = close;
  // A context may start suspended (autoplay rules); the tap that asked for the target resumes it.
  void ctx.resume().catch(() => undefined);
  return {
    ended,
    start(delaySec = 0) {
      if (started || done) return;
      started = true;
      source.start(ctx.currentTime + Math.max(0, delaySec));
    },
    stop() {
      if (started) {
        try {
          source.stop();
        } catch {
          // already stopped
        }
      }
      close();
    },
  };
}

/** Plays `notes` now (the member tapped "Hear it"). */
export function playTarget(
  notes: readonly TargetNote[],
  options: Parameters<typeof prepareTarget>[1] = {},
): TargetPlayback {
  const target = prepareTarget(notes, options);
  target.start();
  return target;
}
