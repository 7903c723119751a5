import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { memberPitchRange } from '../../domain/voice';
import { useAuthStore } from '../auth/auth-store';
import {
  fetchAccountHistory,
  fetchChoice,
  putChoice,
  saveRecordingPractice,
  saveToAccount,
  type NewBadge,
  type RecordingSaved,
} from './account-history';
import { loadHistory } from './history';
import { useHistoryStore } from './history-store';
import type { VoiceAnalysis } from './recording-summary';

const NO_SESSIONS: VoiceAnalysis[] = [];

const uploadedKey = (userId: string) => `tuneful_voice_uploaded_${userId}`;

/**
 * Where the tuning room's history lives: this browser (visitors, and members who have not
 * opted in) or the member's account. Opting in uploads this browser's history once; then every
 * recording is also saved to the account and the cards read the account's history.
 */
export function useAccountHistory() {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const accountCreatedAt = useAuthStore((s) => s.user?.created_at ?? null);
  const local = useHistoryStore((s) => s.sessions);
  const addLocal = useHistoryStore((s) => s.add);
  const client = useQueryClient();
  const [newBadges, setNewBadges] = useState<NewBadge[]>([]);
  const [saveError, setSaveError] = useState(false);
  // The last recording's practice, as the server (or the outbox) took it: said under the score.
  const [practice, setPractice] = useState<RecordingSaved | null>(null);

  const choice = useQuery({
    queryKey: ['voice-history-choice', userId],
    queryFn: fetchChoice,
    enabled: userId !== null,
    staleTime: 0,
  });
  const keep = userId !== null && choice.data?.keep === true;
  const account = useQuery({
    queryKey: ['/api/voice-analyses', userId, 'tuning'],
    queryFn: fetchAccountHistory,
    enabled: keep,
    staleTime: 0,
  });
  // The account's history and what is built from it (badges, journey, calendar).
  const refresh = useCallback(
    () =>
      client.invalidateQueries({
        predicate: (q) =>
          [
            '/voice-analyses',
            '/achievements',
            '/journey-progress',
            '/calendar',
            '/dashboard',
            '/practice-week',
          ].some((p) => String(q.queryKey[0]).includes(p)),
      }),
    [client],
  );

  const setKeep = useMutation({
    mutationFn: async (next: boolean) => {
      const result = await putChoice(next);
      if (next && userId) {
        // Once per member per browser; the server also keeps a recording only once.
        let uploaded = false;
        try {
          uploaded = localStorage.getItem(uploadedKey(userId)) === '1';
        } catch {
          // storage unavailable: the server's de-duplication still holds
        }
        if (!uploaded) {
          // The server takes no recording from before the account existed, give or take 5 minutes
          // of clock slack (server/lib/dates.ts, issue 20): what this browser recorded earlier
          // stays here only.
          const since = accountCreatedAt ? Date.parse(accountCreatedAt) - 5 * 60_000 : 0;
          setNewBadges(await saveToAccount(loadHistory().filter((a) => Date.parse(a.at) >= since)));
          try {
            localStorage.setItem(uploadedKey(userId), '1');
          } catch {
            // as above
          }
        }
      }
      return result;
    },
    onSuccess: (result) => {
      client.setQueryData(['voice-history-choice', userId], result);
      void refresh();
    },
  });

  const onAnalysis = useCallback(
    (a: VoiceAnalysis) => {
      addLocal(a);
      setNewBadges([]);
      setSaveError(false);
      setPractice(null);
      if (userId === null || a.durationSec <= 0) return;
      // The practice (when, how long) goes to the account whatever the choice; the numbers only
      // when the member keeps them. Both answers may carry badges: the screen lists them all.
      const add = (badges: NewBadge[]) =>
        setNewBadges((have) => [...have, ...badges.filter((b) => !have.some((h) => h.id === b.id))]);
      saveRecordingPractice(a)
        .then((saved) => {
          setPractice(saved);
          add(saved.newBadges);
          if (!saved.queued) void refresh();
        })
        .catch((err: unknown) => console.warn('Could not save the recording’s practice', err));
      if (!keep) return;
      saveToAccount([a])
        .then((badges) => {
          add(badges);
          void refresh();
        })
        .catch((err: unknown) => {
          console.warn('Could not save the analysis to the account', err);
          setSaveError(true);
        });
    },
    [addLocal, keep, refresh, userId],
  );

  const sessions = useMemo(() => (keep ? (account.data ?? NO_SESSIONS) : local), [keep, account.data, local]);
  // The analyser's pitch range follows the voice in this history (null while it is thin).
  const pitchRange = useMemo(() => memberPitchRange(sessions.map((a) => a.pitchHz)), [sessions]);

  return {
    signedIn: userId !== null,
    keep,
    choiceLoading: userId !== null && choice.isPending,
    setKeep,
    sessions,
    pitchRange,
    accountState: keep ? account : null,
    onAnalysis,
    newBadges,
    practice,
    saveError,
  };
}
