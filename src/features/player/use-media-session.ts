import { useEffect } from 'react';
import type { Session } from '../sessions/session';
import type { AudioControls, AudioState } from './use-audio';
import { SKIP_SECONDS } from './use-audio';

/**
 * Lock-screen and headset controls (member expectations §4): metadata, playback state,
 * play/pause/seek/stop handlers and the position, so the system scrubber matches the player.
 */
export function useMediaSession(
  session: Session,
  instrumental: boolean,
  state: AudioState,
  controls: AudioControls,
  onStop: () => void,
) {
  const ms = typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;
  const { play, pause, skip, seek } = controls;

  useEffect(() => {
    if (!ms || typeof MediaMetadata === 'undefined') return;
    const artist = session.musicians.map((m) => m.name).join(', ') || 'Tuneful';
    ms.metadata = new MediaMetadata({
      title: instrumental ? `${session.title} (instrumental)` : session.title,
      artist,
      album: 'Tuneful',
      artwork: [{ src: '/favicon.svg', sizes: '512x512', type: 'image/svg+xml' }],
    });
    return () => {
      ms.metadata = null;
    };
  }, [ms, session, instrumental]);

  useEffect(() => {
    if (!ms) return;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => play()],
      ['pause', () => pause()],
      ['seekbackward', (d) => skip(-(d.seekOffset ?? SKIP_SECONDS))],
      ['seekforward', (d) => skip(d.seekOffset ?? SKIP_SECONDS)],
      ['seekto', (d) => d.seekTime !== undefined && seek(d.seekTime)],
      ['stop', () => onStop()],
    ];
    for (const [action, handler] of handlers) setHandler(ms, action, handler);
    return () => {
      for (const [action] of handlers) setHandler(ms, action, null);
      ms.playbackState = 'none';
    };
  }, [ms, play, pause, skip, seek, onStop]);

  useEffect(() => {
    if (ms) ms.playbackState = state.playing ? 'playing' : 'paused';
  }, [ms, state.playing]);

  // Whole seconds are enough for a lock-screen scrubber and avoid a call on every timeupdate.
  const second = Math.floor(state.currentTime);
  useEffect(() => {
    if (!ms?.setPositionState || !(state.duration > 0)) return;
    try {
      ms.setPositionState({
        duration: state.duration,
        playbackRate: 1,
        position: Math.min(Math.max(0, second), state.duration),
      });
    } catch (err) {
      console.warn('Media Session position was refused', err);
    }
  }, [ms, second, state.duration]);
}

function setHandler(ms: MediaSession, action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    ms.setActionHandler(action, handler);
  } catch {
    // Older browsers throw for actions they do not know (e.g. 'seekto'); the rest still work.
  }
}
