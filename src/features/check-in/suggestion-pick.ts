import type { SuggestionKind } from '../../domain/check-in';
import { dailyPick } from '../../domain/daily-pick';
import type { Session } from '../sessions/session';

/** "Something short": a few minutes at most. */
export const SHORT_MAX_SEC = 5 * 60;
/** "Gentle and quiet": a calm or healing session for beginners, seven minutes at most. */
export const GENTLE_MAX_SEC = 7 * 60;
const GENTLE_MOODS = new Set(['healing', 'calm', 'peaceful']);

/**
 * The session a `short` or `gentle` suggestion offers, from the catalogue the app already
 * reads: the same one all local day (dailyPick), so coming back to the check-in does not
 * change it. Null when nothing fits (the screen then links to a list instead).
 */
export function pickForSuggestion(
  kind: SuggestionKind,
  sessions: readonly Session[],
  memberId: string,
  today: string,
): Session | null {
  const playable = sessions.filter((s) => s.voicePath !== null || s.instrPath !== null);
  if (kind === 'short')
    return dailyPick(
      playable.filter((s) => s.lengthSec !== null && s.lengthSec <= SHORT_MAX_SEC),
      memberId,
      today,
    );
  if (kind === 'gentle')
    return dailyPick(
      playable.filter(
        (s) =>
          s.lengthSec !== null &&
          s.lengthSec <= GENTLE_MAX_SEC &&
          s.skillLevel?.trim().toLowerCase() === 'beginner' &&
          s.moods.some((m) => GENTLE_MOODS.has(m)),
      ),
      memberId,
      today,
    );
  return null;
}
