import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAuthStore } from '../auth/auth-store';
import { useWakeLock } from '../player/use-wake-lock';
import { toast } from '../toast/toast-store';
import { ActivePhase } from './ActivePhase';
import { CompletedPhase } from './CompletedPhase';
import { PreviewPhase } from './PreviewPhase';
import { SessionVoiceFeedback } from './SessionVoiceFeedback';
import {
  finishClock,
  pauseClock,
  resumeClock,
  skipStep,
  startClock,
  viewClock,
  type ClockState,
} from './session-clock';
import { SAVED_OFFLINE_TITLE } from '../../lib/outbox/offline-writes';
import { countsAsSession } from '../../domain/practice';
import { saveTemplateSession, type SessionTemplate } from './template-api';
import { useStepCue } from './use-step-cue';
import { useVoiceMeter } from './use-voice-meter';
import type { Feedback } from '../../domain/voice';

type Phase = 'preview' | 'active' | 'completed';

/** Redraws often enough for a smooth countdown; the time itself always comes from Date.now(). */
const TICK_MS = 250;

/**
 * The template player's phases (spec 2 §4): preview → active ⇄ paused → completed. Finishing,
 * the last step running out, or skipping past it completes and saves the session once.
 */
export function TemplatePlayer({ template }: { template: SessionTemplate }) {
  const [phase, setPhase] = useState<Phase>('preview');
  const [clock, setClock] = useState<ClockState | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const durations = useMemo(() => template.instructions.map((s) => s.duration), [template]);
  const view = clock ? viewClock(clock, durations, now) : null;
  const paused = clock !== null && clock.runningSince === null;
  const running = phase === 'active' && !paused;
  const meter = useVoiceMeter();
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const queryClient = useQueryClient();
  const completedOnce = useRef(false);
  const [voiceFeedback, setVoiceFeedback] = useState<Feedback | null>(null);

  const save = useMutation({
    // Runs offline too: the outbox keeps the save (TanStack would otherwise pause it unsent).
    networkMode: 'always',
    mutationFn: (input: { activeSec: number; completed: boolean }) => {
      if (!userId) throw new Error('not signed in');
      return saveTemplateSession({ template, userId, maxLevel: meter.maxLevel(), ...input }, queryClient);
    },
    onSuccess: (result, input) => {
      if (result === null) {
        const counts = countsAsSession(Math.round(input.activeSec), template.duration);
        toast({
          title: SAVED_OFFLINE_TITLE,
          description: counts
            ? 'It counts for today once it is sent.'
            : 'Its minutes are added once it is sent; a partial practice earns no tokens.',
        });
      } else if (result.counted) toast({ title: 'Session completed!', variant: 'success' });
      else toast({ title: 'Partial practice saved', description: 'Your minutes are in your journey.' });
    },
    onError: (e) => {
      console.warn('Could not save the template session', e);
      toast({
        title: 'Error',
        description: 'Failed to save session. Please try again.',
        variant: 'destructive',
      });
    },
  });

  const complete = useCallback(
    (final: ClockState, ranToEnd: boolean) => {
      if (completedOnce.current) return;
      completedOnce.current = true;
      const at = Date.now();
      setClock(final);
      setNow(at);
      setPhase('completed');
      meter.stop();
      setVoiceFeedback(meter.feedback());
      save.mutate({ activeSec: viewClock(final, durations, at).activeSec, completed: ranToEnd });
    },
    [durations, meter, save],
  );

  useWakeLock(running);
  const stepIndex = view?.stepIndex ?? 0;
  const cue = useStepCue(template.instructions[stepIndex]?.cue ?? null, stepIndex, running);

  useEffect(() => {
    if (phase !== 'active') return;
    const tick = () => setNow(Date.now());
    const id = window.setInterval(tick, TICK_MS);
    // Timers sleep in a background tab or behind a locked screen: catch up on return.
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(id);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [phase]);

  // The last step ran out (perhaps while the tab was hidden): completed and saved.
  useEffect(() => {
    if (phase === 'active' && clock && view?.finished) complete(finishClock(clock, durations, now), true);
  }, [phase, clock, view?.finished, durations, now, complete]);

  // One element for every phase, so the Start tap unlocks the one that speaks every step.
  const cueAudio = <audio ref={cue.audioRef} preload="auto" data-testid="cue-audio" hidden />;

  if (phase === 'preview' || !clock || !view)
    return (
      <>
        {cueAudio}
        <PreviewPhase
          template={template}
          onStart={() => {
            const at = Date.now();
            setClock(startClock(at));
            setNow(at);
            setPhase('active');
            const first = template.instructions[0];
            if (first) cue.playFromGesture(first.cue, 0);
          }}
        />
      </>
    );

  if (phase === 'completed')
    return (
      <>
        {cueAudio}
        <CompletedPhase
          template={template}
          activeSec={view.activeSec}
          save={save}
          onRetry={() =>
            save.mutate({ activeSec: view.activeSec, completed: save.variables?.completed ?? false })
          }
        />
        {voiceFeedback && <SessionVoiceFeedback feedback={voiceFeedback} />}
      </>
    );

  return (
    <>
      {cueAudio}
      <ActivePhase
        template={template}
        view={view}
        paused={paused}
        meter={meter}
        cue={cue}
        onPauseResume={() => {
          const at = Date.now();
          setClock((c) =>
            c && c.runningSince === null ? resumeClock(c, at) : c && pauseClock(c, durations, at),
          );
          setNow(at);
        }}
        onSkip={() => {
          const at = Date.now();
          const next = skipStep(clock, durations, at);
          if (next.finished) complete(next, true);
          else {
            setClock(next);
            setNow(at);
          }
        }}
        onFinish={() => complete(finishClock(clock, durations, Date.now()), false)}
      />
    </>
  );
}
