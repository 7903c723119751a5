import { useCallback, useEffect, useRef, useState } from 'react';
import { storageKeys } from '../../lib/storage-keys';

function readMuted(): boolean {
  try {
    return localStorage.getItem(storageKeys.cuesMuted) === 'true';
  } catch {
    return false;
  }
}

/**
 * Speaks a step's instruction when the step starts, through the player's one <audio> element
 * (`audioRef`; iOS lets an element that played once after a tap play again without one). Pausing
 * the session pauses the voice; muting keeps it silent (the text is always on screen) and is
 * remembered on this device.
 */
export function useStepCue(cueUrl: string | null, stepKey: number, running: boolean) {
  const [muted, setMuted] = useState(readMuted);
  const audio = useRef<HTMLAudioElement | null>(null);
  const played = useRef<number | null>(null);

  const element = useCallback(() => {
    // Rendered by the player; a detached element only if it is not mounted (never in practice).
    audio.current ??= new Audio();
    return audio.current;
  }, []);

  useEffect(() => {
    const el = element();
    el.muted = muted;
  }, [muted, element]);

  useEffect(() => {
    if (!cueUrl) return;
    const el = element();
    if (played.current !== stepKey) {
      if (!running) return;
      played.current = stepKey;
      el.src = cueUrl;
      el.currentTime = 0;
    }
    if (running && !el.ended) {
      el.play().catch((e: unknown) => console.info('The spoken instruction could not play', e));
    } else if (!running) {
      el.pause();
    }
  }, [cueUrl, stepKey, running, element]);

  useEffect(() => {
    const el = audio.current;
    return () => el?.pause();
  }, []);

  const toggleMuted = useCallback(() => {
    setMuted((m) => {
      try {
        localStorage.setItem(storageKeys.cuesMuted, String(!m));
      } catch {
        // storage unavailable (private mode): the choice lasts for this session only
      }
      return !m;
    });
  }, []);

  /**
   * Plays the first cue straight from the Start tap: Safari only lets audio start inside the
   * gesture itself, and an element unlocked once may play again later without one.
   */
  const playFromGesture = useCallback(
    (url: string, key: number) => {
      const el = element();
      played.current = key;
      el.src = url;
      el.play().catch((e: unknown) => console.info('The spoken instruction could not play', e));
    },
    [element],
  );

  return { muted, toggleMuted, playFromGesture, audioRef: audio };
}
