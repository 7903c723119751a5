import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../toast/toast-store';
import { SAVED_OFFLINE_TITLE } from '../../lib/outbox/offline-writes';
import { postCompletion, refreshAfterCompletion, type CompletionResult } from './player-api';
import { countText } from '../../lib/plural';
import { listeningTimeText, partialPracticeText } from '../../domain/practice';
import { earnedSentence, QUEUED_BADGES_TEXT } from '../rewards/earned';
import type { ListeningClaim } from './use-listened-time';

/** The toast of a completion heard for less than half the session (issue 20's reward rule). */
export const PARTIAL_PRACTICE_TITLE = 'Partial practice';

/** Issue 8: a repeat on the same day is welcome, and the member is told why no tokens came. */
export const ALREADY_COUNTED_TITLE = 'Already counted today, lovely to hear you again';

/** The toast of a listening-room track (issue 30): listening, not a session. */
export const LISTENING_TITLE = 'Listening time saved';

export function alreadyCountedDescription(totalTokens: number): string {
  return `You still have ${countText(totalTokens, 'tone token')}; today's tokens for this session are in.`;
}

/** Spec core §9: the dialog closes after 2 s, the next step comes after 2.3 s. */
export const COMPLETE_DIALOG_CLOSE_MS = 2000;
export const COMPLETE_NEXT_STEP_MS = 2300;

export type CompletionPhase = 'idle' | 'bursting' | 'celebrating' | 'done';

/**
 * 'i feel complete': a short burst, the completion is posted, the end dialog closes after
 * 2 s, and after 2.3 s either the celebration opens (first session or a new badge) or the player closes.
 * A failed post is logged only (spec core §8) and the player simply closes. Offline, the
 * completion waits in the outbox (src/lib/outbox) and the member is told it will sync.
 */
export function useCompletion(
  session: { id: number; title: string; lengthSec: number | null; listening: boolean },
  listening: () => ListeningClaim,
  closeDialog: () => void,
  closePlayer: () => void,
) {
  const { id: sessionId, title, lengthSec, listening: listeningTrack } = session;
  const client = useQueryClient();
  const [phase, setPhase] = useState<CompletionPhase>('idle');
  const [result, setResult] = useState<CompletionResult | null>(null);
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const complete = useCallback(() => {
    if (phase !== 'idle') return;
    setPhase('bursting');
    const posted = postCompletion(sessionId, title, listening(), lengthSec, listeningTrack)
      .then((r) => {
        if (!r.queued) void refreshAfterCompletion(client);
        return r;
      })
      .catch((err: unknown) => {
        console.warn('Could not record the completion', err);
        return null;
      });
    timers.current.push(window.setTimeout(closeDialog, COMPLETE_DIALOG_CLOSE_MS));
    timers.current.push(
      window.setTimeout(() => {
        void posted.then((r) => {
          setResult(r);
          const earned = r ? r.newBadges.length + r.streakRewards.length > 0 : false;
          if (r?.counted && (r.isFirstSession || earned)) setPhase('celebrating');
          else {
            // Badges can come with any answer (minutes reach the minutes badge): said in words.
            const extra = r?.queued
              ? ` ${QUEUED_BADGES_TEXT}`
              : r && earned
                ? ` ${earnedSentence(r.newBadges, r.streakRewards)}`
                : '';
            if (r?.listening) {
              // A listening-room track: listening minutes, no tokens, no streak day; said plainly.
              const text = listeningTimeText(r.practisedSec);
              toast({
                title: LISTENING_TITLE,
                description: r.queued ? `${text} ${SAVED_OFFLINE_TITLE}.` : text,
              });
            } else if (r && !r.counted) {
              // Heard for less than half: minutes saved, no tokens; said honestly, not celebrated.
              const text = partialPracticeText(r.practisedSec, r.plannedSec);
              toast({
                title: PARTIAL_PRACTICE_TITLE,
                description: r.queued ? `${text} ${SAVED_OFFLINE_TITLE}.${extra}` : `${text}${extra}`,
              });
            } else if (r?.queued) {
              toast({
                title: SAVED_OFFLINE_TITLE,
                description: `It counts for today, with its tone tokens, once it is sent.${extra}`,
              });
            } else if (r?.alreadyCounted) {
              toast({
                title: ALREADY_COUNTED_TITLE,
                description: `${alreadyCountedDescription(r.totalTokens)}${extra}`,
              });
            }
            setPhase('done');
            closePlayer();
          }
        });
      }, COMPLETE_NEXT_STEP_MS),
    );
  }, [phase, sessionId, title, lengthSec, listeningTrack, listening, client, closeDialog, closePlayer]);

  const finishCelebration = useCallback(() => {
    setPhase('done');
    closePlayer();
  }, [closePlayer]);

  return { phase, result, complete, finishCelebration };
}
