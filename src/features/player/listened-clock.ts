/**
 * Time actually listened in the catalogue player (issue 20, "Rewards follow practice done"):
 * wall-clock time while the audio element is really playing. A seek moves the audio without
 * time passing, so it adds nothing; pauses, buffering (`waiting`), the end and a source change
 * stop the count. Wall-clock time, not the audio's position, because a position jump cannot be
 * told from listening and because a locked phone throttles `timeupdate` but not the clock.
 * The player never changes `playbackRate`, so a second of playing is a second heard.
 */
export class ListenedClock {
  private totalMs = 0;
  private since: number | null = null;
  private firstAt: number | null = null;

  /** Notes whether the audio is being heard at `nowMs`; time since the last note counts if it was. */
  note(nowMs: number, hearing: boolean): void {
    if (this.since !== null) this.totalMs += Math.max(0, nowMs - this.since);
    this.since = hearing ? nowMs : null;
    if (hearing && this.firstAt === null) this.firstAt = nowMs;
  }

  /** Whole seconds heard up to `nowMs`. */
  listenedSec(nowMs: number): number {
    const running = this.since === null ? 0 : Math.max(0, nowMs - this.since);
    return Math.floor((this.totalMs + running) / 1000);
  }

  /** When listening first began (ms since the epoch), or null before any. */
  startedAtMs(): number | null {
    return this.firstAt;
  }
}

/** True while `audio` is producing sound the member hears (not paused, seeking, ended or starved). */
export function isHearing(audio: HTMLMediaElement): boolean {
  return (
    !audio.paused && !audio.ended && !audio.seeking && audio.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA
  );
}

/** The element events after which the hearing state may have changed. */
export const LISTEN_EVENTS = [
  'playing',
  'pause',
  'waiting',
  'seeking',
  'seeked',
  'ended',
  'emptied',
  'timeupdate',
  'stalled',
] as const;
