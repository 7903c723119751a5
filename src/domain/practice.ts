/**
 * The reward rule (issue 20, "Rewards follow practice done"), shared by the server, which
 * decides, and the app, which says what a save earned before the answer arrives (offline).
 *
 * A piece of practice counts as a session (tone tokens, a streak day, "sessions") only when at
 * least half of its planned time was practised. Anything shorter is partial practice: its
 * minutes count, nothing else does.
 */

/** The share of the planned time that makes practice a session. */
export const SESSION_SHARE = 0.5;

/** Seconds of practice a plan of `plannedSec` needs to count as a session. */
export function secondsToCount(plannedSec: number): number {
  return Math.ceil(Math.max(0, plannedSec) * SESSION_SHARE);
}

/** True when `practisedSec` of a `plannedSec` plan counts as a session. */
export function countsAsSession(practisedSec: number, plannedSec: number): boolean {
  return practisedSec >= secondsToCount(plannedSec);
}

/** m:ss, minutes unpadded (0:13, 6:45, 12:05). */
export function clockText(totalSec: number): string {
  const s = Math.max(0, Math.round(totalSec));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** What the completed screen says about a save that was too short to count. */
export function partialPracticeText(practisedSec: number, plannedSec: number): string {
  return `Partial practice: ${clockText(practisedSec)} of ${clockText(plannedSec)} — minutes saved, no tokens; practise at least half to earn the session.`;
}

/**
 * A listening-room track: a catalogue row with an instrumental and no voice track (the room says
 * "made for listening, not for practice"). The server decides from its catalogue row, never from
 * a flag the app sends; the app uses the same rule to say so before the answer (offline).
 */
export function isListeningTrack(row: { voicePath: string | null; instrPath: string | null }): boolean {
  return row.voicePath === null && row.instrPath !== null;
}

/** What a listening-room track's completion says, online and offline alike. */
export function listeningTimeText(listenedSec: number): string {
  const minutes = Math.round(listenedSec / 60);
  const amount = minutes < 1 ? 'under a minute' : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Listening time saved: ${amount}. Listening tracks are for listening, so they earn no tokens or streak days.`;
}

/**
 * What the tuning room says after a recording (issue 30): one rule for the room, as for a
 * match-the-note take: practice minutes, never a session.
 */
export function recordingPracticeText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const amount = minutes < 1 ? 'under a minute' : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Recording saved as practice: ${amount}. Recordings in the tuning room count as practice minutes, not as a session, so they earn no tokens or streak days.`;
}
