import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** Spec core §9: skip buttons move 15 seconds. */
export const SKIP_SECONDS = 15;

export interface AudioState {
  playing: boolean;
  currentTime: number;
  duration: number;
  /** True once metadata of the current source is known. */
  ready: boolean;
  /** True when the current source fails to load or decode. */
  failed: boolean;
}

export interface AudioControls {
  play: () => void;
  pause: () => void;
  toggle: () => void;
  seek: (seconds: number) => void;
  skip: (deltaSeconds: number) => void;
  /** Loads a URL and, once its metadata is known, seeks to `at` and plays if asked. */
  setSource: (url: string, at: number, play: boolean) => void;
}

const INITIAL: AudioState = { playing: false, currentTime: 0, duration: 0, ready: false, failed: false };

/**
 * Drives one plain <audio> element (member expectations §4: an <audio> element keeps playing
 * with the screen locked on iOS, Web Audio does not). The caller hands the element in through
 * `attach` (PlayerAudio.tsx); sources are set here so a switch can carry the position over.
 */
export function useAudio(onEnded: () => void) {
  // The element lives in a portal that mounts after this hook's first effects, so it is
  // tracked as state (through a callback ref) and the listeners attach once it exists.
  const ref = useRef<HTMLAudioElement | null>(null);
  const [element, setElement] = useState<HTMLAudioElement | null>(null);
  const attach = useCallback((el: HTMLAudioElement | null) => {
    ref.current = el;
    setElement(el);
  }, []);
  const pending = useRef<{ at: number; play: boolean } | null>(null);
  const endedRef = useRef(onEnded);
  const [state, setState] = useState<AudioState>(INITIAL);

  useEffect(() => {
    endedRef.current = onEnded;
  }, [onEnded]);

  const play = useCallback(() => {
    const audio = ref.current;
    if (!audio) return;
    audio.play().catch((err: unknown) => {
      // Spec core §8: autoplay blocked is logged only; the player stays paused.
      console.warn('Playback did not start (autoplay may be blocked)', err);
    });
  }, []);

  useEffect(() => {
    const audio = element;
    if (!audio) return;
    const sync = () =>
      setState((s) => ({
        ...s,
        playing: !audio.paused && !audio.ended,
        currentTime: audio.currentTime,
        duration: Number.isFinite(audio.duration) ? audio.duration : 0,
      }));
    const onMeta = () => {
      setState((s) => ({ ...s, ready: true, failed: false }));
      const next = pending.current;
      pending.current = null;
      if (next && next.at > 0 && Number.isFinite(audio.duration)) {
        audio.currentTime = Math.min(next.at, Math.max(0, audio.duration - 0.25));
      }
      if (next?.play) play();
      sync();
    };
    const onError = () => {
      console.warn('The audio could not be loaded', audio.error);
      setState((s) => ({ ...s, failed: true, playing: false }));
    };
    const onEnd = () => {
      sync();
      endedRef.current();
    };
    // An element taken over with its metadata read (loaded ahead of the tap) fires no
    // loadedmetadata again: it is ready now.
    if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) {
      setState((s) => ({ ...s, ready: true, failed: false }));
      sync();
    }
    const events = ['play', 'pause', 'timeupdate', 'durationchange', 'seeked'] as const;
    for (const e of events) audio.addEventListener(e, sync);
    audio.addEventListener('loadedmetadata', onMeta);
    audio.addEventListener('error', onError);
    audio.addEventListener('ended', onEnd);
    return () => {
      for (const e of events) audio.removeEventListener(e, sync);
      audio.removeEventListener('loadedmetadata', onMeta);
      audio.removeEventListener('error', onError);
      audio.removeEventListener('ended', onEnd);
      audio.pause();
    };
  }, [element, play]);

  const pause = useCallback(() => ref.current?.pause(), []);
  const toggle = useCallback(() => {
    const audio = ref.current;
    if (!audio) return;
    if (audio.paused || audio.ended) play();
    else audio.pause();
  }, [play]);
  const seek = useCallback((seconds: number) => {
    const audio = ref.current;
    if (!audio || !Number.isFinite(audio.duration)) return;
    audio.currentTime = Math.min(Math.max(0, seconds), audio.duration);
  }, []);
  const skip = useCallback((delta: number) => {
    const audio = ref.current;
    if (!audio || !Number.isFinite(audio.duration)) return;
    audio.currentTime = Math.min(Math.max(0, audio.currentTime + delta), audio.duration);
  }, []);
  const setSource = useCallback(
    (url: string, at: number, shouldPlay: boolean) => {
      const audio = ref.current;
      if (!audio) return;
      // From the start, play() is asked for at once: the element starts as soon as it can, while
      // the metadata is being read (issue 20: waiting for it first cost 30-120 ms of first sound).
      // A later position needs the duration first, so that play waits for the metadata.
      const playNow = shouldPlay && at <= 0;
      pending.current = { at, play: shouldPlay && !playNow };
      setState((s) => ({ ...s, ready: false, failed: false }));
      audio.src = url;
      audio.load();
      if (playNow) play();
    },
    [play],
  );
  const controls: AudioControls = useMemo(
    () => ({ play, pause, toggle, seek, skip, setSource }),
    [play, pause, toggle, seek, skip, setSource],
  );

  return { ref, attach, element, state, controls };
}
