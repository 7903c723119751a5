import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { isFeatureUnlocked } from '../../domain/tier-features';
import { formatBytes } from '../../domain/voice-notes';
import { Alert } from '../../ui/Alert';
import { BackHeader } from '../../ui/BackHeader';
import { ProgressBar } from '../../ui/ProgressBar';
import { StateMessage } from '../../ui/StateMessage';
import { firstNameOf, useAuthStore } from '../auth/auth-store';
import { useMemberProfile } from '../auth/useMemberProfile';
import { useEchoverse } from '../echoverse/echoverse-api';
import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import { useDashboard } from '../profile/profile-queries';
import { usePendingOfKind } from '../sync/pending-writes-queries';
import { FeatureGate } from '../tier-features/FeatureGate';
import { mergeNotes } from './merge-notes';
import { startMemoRecording } from './memo-recorder';
import { noteActions } from './note-actions';
import { NoteCard } from './NoteCard';
import { NoteRecorder } from './NoteRecorder';
import { useAudioPlayer } from './use-audio-player';
import { useLocalNotes } from './use-local-notes';
import { KEEP_WRITE, useAccountNotes } from './voice-notes-api';
import styles from './VoiceNotes.module.css';

/**
 * /voice-notes (tier feature `voice_notes`, level 2): short private memos recorded here and kept
 * on this device; the member may keep one in their account (every device, the export) or, from
 * level 7, share it to the Echoverse. Voice notes are not practice: they earn nothing.
 */
export function VoiceNotesScreen({ start = startMemoRecording }: { start?: typeof startMemoRecording }) {
  return (
    <section className={styles.screen} aria-label="voice notes">
      <BackHeader to="/profile" backLabel="back to profile" title="voice notes">
        <p className={styles.lead}>
          A thought, a phrase you are working on, how your voice sounds today: up to a minute each, kept on
          this device unless you choose otherwise.
        </p>
      </BackHeader>
      <FeatureGate feature="voice_notes">
        <VoiceNotes start={start} />
      </FeatureGate>
    </section>
  );
}

function VoiceNotes({ start }: { start: typeof startMemoRecording }) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const metaName = useAuthStore((s) => firstNameOf(s.user));
  const profile = useMemberProfile();
  const firstName = (profile.data?.firstName?.trim() || metaName || '').split(/\s+/)[0] || 'A member';
  const dashboard = useDashboard();
  const canShare = isFeatureUnlocked('echoverse_access', dashboard.data?.user.toneTokens ?? 0);
  const local = useLocalNotes(userId);
  const account = useAccountNotes(userId !== null);
  const block = useSavedBlock(account, 'the notes in your account');
  const echoverse = useEchoverse(canShare);
  const waiting = usePendingOfKind(KEEP_WRITE);
  const client = useQueryClient();
  const player = useAudioPlayer();
  const [saved, setSaved] = useState<string | null>(null);

  const notes = useMemo(
    () =>
      mergeNotes(
        local.notes,
        block.data?.notes ?? [],
        new Set(waiting.map((w) => (w.body as { id?: string } | null)?.id ?? '')),
        echoverse.data?.mine ?? [],
      ),
    [local.notes, block.data, waiting, echoverse.data],
  );
  const actions = useMemo(() => noteActions(client, userId ?? ''), [client, userId]);
  if (!userId) return null;
  const usage = block.data?.usage;

  return (
    <>
      <NoteRecorder userId={userId} start={start} onSaved={(title) => setSaved(title)} />
      <p role="status" className="visually-hidden">
        {saved ? `“${saved}” is saved on this device.` : ''}
      </p>

      <section className={styles.card} aria-labelledby="notes-title">
        <h2 id="notes-title">your notes</h2>
        {block.note}
        {local.status === 'error' && (
          <StateMessage
            kind="error"
            title="We couldn't read the notes on this device."
            onRetry={local.retry}
          />
        )}
        {block.fallback && (
          <div>
            <p className={styles.muted}>Notes kept in your account:</p>
            {block.fallback}
          </div>
        )}
        {local.status === 'loading' && !block.fallback && notes.length === 0 ? (
          <StateMessage kind="loading" title="loading…" />
        ) : notes.length === 0 ? (
          <StateMessage
            kind="empty"
            title="No voice notes yet."
            hint="Record one above: a thought, a phrase you are working on, or how your voice sounds today."
          />
        ) : (
          <ul className={styles.list} aria-label="your voice notes">
            {notes.map((n) => (
              <NoteCard
                key={n.id}
                note={n}
                player={player}
                actions={actions}
                canShare={canShare}
                firstName={firstName}
              />
            ))}
          </ul>
        )}
      </section>

      {usage && (
        <section className={styles.card} aria-labelledby="space-title">
          <h2 id="space-title">space in your account</h2>
          <p className={styles.muted}>
            Notes you keep in your account use {formatBytes(usage.usedBytes)} of{' '}
            {formatBytes(usage.quotaBytes)}. Notes kept only on this device use none.
          </p>
          <ProgressBar
            percent={(usage.usedBytes / usage.quotaBytes) * 100}
            label="space used in your account"
          />
        </section>
      )}

      <Alert tone="info">
        Voice notes are yours, not practice: they earn no tone tokens.{' '}
        {canShare ? (
          <>
            Notes up to 30 seconds can be shared to <Link to="/echoverse">the Echoverse</Link>.
          </>
        ) : (
          'From level 7 you can share short ones to the Echoverse.'
        )}
      </Alert>
    </>
  );
}
