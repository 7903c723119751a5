import { useCallback, useEffect, useRef, useState } from 'react';
import { isOfflineFailure } from '../../lib/outbox/offline-failure';

/** Where a note's audio comes from: an object URL of the device's copy, or a signed URL. */
export interface AudioSource {
  src: string;
  /** Releases an object URL once it no longer plays. */
  release?: () => void;
}

export interface PlayerState {
  /** The note playing, loading or paused; null when nothing is. */
  id: string | null;
  status: 'idle' | 'loading' | 'playing' | 'paused';
  positionMs: number;
  /** What went wrong with the last note, in words. */
  error: { id: string; text: string } | null;
}

const IDLE: PlayerState = { id: null, status: 'idle', positionMs: 0, error: null };

export const NEEDS_CONNECTION = 'Listening to this note needs a connection.';

function errorText(err: unknown): string {
  if (isOfflineFailure(err) || (typeof navigator !== 'undefined' && navigator.onLine === false))
    return NEEDS_CONNECTION;
  if ((err as { name?: string } | null)?.name === 'NotAllowedError')
    return 'Your browser did not let it play: press play again.';
  return 'This note could not be played just now. Try again.';
}

/**
 * One audio element for a screen, so one note plays at a time: playing another stops the first.
 * `onEnded` lets a list go on to the next note (the Echoverse plays one after another).
 */
export function useAudioPlayer(onEnded?: (id: string) => void) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const release = useRef<(() => void) | undefined>(undefined);
  const request = useRef(0);
  /** The note in the element now (a ref: the ended event must not wait for a render). */
  const current = useRef<string | null>(null);
  const ended = useRef(onEnded);
  ended.current = onEnded;
  const [state, setState] = useState<PlayerState>(IDLE);

  const element = useCallback(() => {
    if (audio.current) return audio.current;
    const el = new Audio();
    el.preload = 'auto';
    el.addEventListener('timeupdate', () =>
      setState((s) => (s.status === 'idle' ? s : { ...s, positionMs: el.currentTime * 1000 })),
    );
    el.addEventListener('ended', () => {
      const finished = current.current;
      current.current = null;
      setState(IDLE);
      if (finished) ended.current?.(finished);
    });
    audio.current = el;
    return el;
  }, []);

  const unload = useCallback(() => {
    const el = audio.current;
    if (el) {
      el.pause();
      el.removeAttribute('src');
    }
    release.current?.();
    release.current = undefined;
  }, []);

  const play = useCallback(
    async (id: string, load: () => Promise<AudioSource>) => {
      const mine = ++request.current;
      unload();
      current.current = id;
      setState({ id, status: 'loading', positionMs: 0, error: null });
      try {
        const source = await load();
        if (mine !== request.current) {
          source.release?.();
          return;
        }
        const el = element();
        release.current = source.release;
        el.src = source.src;
        await el.play();
        if (mine === request.current) setState((s) => ({ ...s, status: 'playing' }));
      } catch (err) {
        if (mine !== request.current) return;
        console.warn('Could not play the note', err);
        unload();
        current.current = null;
        setState({ ...IDLE, error: { id, text: errorText(err) } });
      }
    },
    [element, unload],
  );

  const pause = useCallback(() => {
    audio.current?.pause();
    setState((s) => (s.status === 'playing' ? { ...s, status: 'paused' } : s));
  }, []);

  const resume = useCallback(async () => {
    const el = audio.current;
    if (!el) return;
    await el.play();
    setState((s) => ({ ...s, status: 'playing' }));
  }, []);

  const stop = useCallback(() => {
    request.current++;
    unload();
    current.current = null;
    setState(IDLE);
  }, [unload]);

  useEffect(() => () => unload(), [unload]);

  return { state, play, pause, resume, stop };
}

export type AudioPlayer = ReturnType<typeof useAudioPlayer>;
