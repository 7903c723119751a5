import { useLayoutEffect, useRef } from 'react';
import { takeWarmAudio } from './warm-audio';

/**
 * The player's `<audio>` (member expectations §4: a plain element keeps playing with the screen
 * locked). When the session's first URL was loaded ahead of the tap (warm-audio.ts), that element,
 * maybe already playing, becomes the player's; otherwise a new one. `firstUrl` is read at mount.
 */
export function PlayerAudio({
  firstUrl,
  onElement,
}: {
  firstUrl: string | null;
  onElement: (element: HTMLAudioElement | null) => void;
}) {
  const host = useRef<HTMLSpanElement>(null);
  const adopt = useRef(firstUrl);
  useLayoutEffect(() => {
    const element = takeWarmAudio(adopt.current) ?? document.createElement('audio');
    element.crossOrigin = 'anonymous';
    if (!element.src) element.preload = 'metadata';
    element.dataset.testid = 'player-audio';
    host.current?.append(element);
    onElement(element);
    return () => {
      element.pause();
      element.remove();
      onElement(null);
    };
  }, [onElement]);
  return <span ref={host} />;
}
