import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatLength, lengthInWords, REPORT_REASON_MAX } from '../../domain/voice-notes';
import { SAVED_OFFLINE_TITLE, wasQueued } from '../../lib/outbox/offline-writes';
import { countText } from '../../lib/plural';
import { BackHeader } from '../../ui/BackHeader';
import { Button } from '../../ui/Button';
import { StateMessage } from '../../ui/StateMessage';
import { EchoButton } from '../community/EchoButton';
import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import { FeatureGate } from '../tier-features/FeatureGate';
import { toast } from '../toast/toast-store';
import { ActionDialog } from '../voice-notes/ActionDialog';
import { recordedWhen } from '../voice-notes/NoteCard';
import { PlayButton, PlayPosition } from '../voice-notes/PlayButton';
import { useAudioPlayer, type AudioPlayer } from '../voice-notes/use-audio-player';
import { useOnline } from '../voice-notes/use-online';
import styles from '../voice-notes/VoiceNotes.module.css';
import {
  listenUrl,
  useEchoNote,
  useEchoverse,
  useReportNote,
  useWithdraw,
  type Echoverse,
  type ListedNote,
  type MyShare,
} from './echoverse-api';

/**
 * /echoverse (tier feature `echoverse_access`, level 7): short voice notes members chose to
 * share, heard one after another, echoed and, when something is wrong, reported. The list is
 * saved for offline reading; the audio streams, so listening needs a connection.
 */
export function EchoverseScreen() {
  return (
    <section className={styles.screen} aria-label="the echoverse">
      <BackHeader to="/community" backLabel="back to community" title="the echoverse">
        <p className={styles.lead}>
          Short voice notes members chose to share, up to 30 seconds each. Listen one after another, and echo
          what moves you.
        </p>
      </BackHeader>
      <FeatureGate feature="echoverse_access">
        <EchoverseContent />
      </FeatureGate>
    </section>
  );
}

const load = (id: string) => async () => ({ src: (await listenUrl(id)).url });

function EchoverseContent() {
  const query = useEchoverse();
  const block = useSavedBlock(query, 'the Echoverse');
  const online = useOnline();
  const notes = useRef<ListedNote[]>([]);
  notes.current = block.data?.notes ?? [];
  // One after another: when a note ends, the next one in the list plays.
  const playerRef = useRef<AudioPlayer | null>(null);
  const onEnded = useCallback((id: string) => {
    const list = notes.current;
    const next = list[list.findIndex((n) => n.id === id) + 1];
    if (next && playerRef.current) void playerRef.current.play(next.id, load(next.id));
  }, []);
  const player = useAudioPlayer(onEnded);
  playerRef.current = player;

  const data = block.data;
  if (data === undefined) return block.fallback;
  const first = data.notes[0];
  const playing = player.state.status !== 'idle';
  return (
    <>
      <section className={styles.card} aria-labelledby="listen-title">
        <h2 id="listen-title">listen</h2>
        {block.note}
        {!online && (
          <p className={styles.muted} role="status" data-testid="echoverse-offline">
            You're offline. The list is saved on this device, but listening needs a connection.
          </p>
        )}
        {data.notes.length === 0 ? (
          <StateMessage
            kind="empty"
            title="No notes shared yet."
            hint={<Link to="/voice-notes">Share one of your voice notes</Link>}
          />
        ) : (
          <>
            <div className={styles.row}>
              {playing ? (
                <Button variant="secondary" onClick={player.stop}>
                  stop listening
                </Button>
              ) : (
                <Button
                  onClick={() => first && void player.play(first.id, load(first.id))}
                  disabled={!online}
                >
                  play all, one after another
                </Button>
              )}
            </div>
            <ul className={styles.list} aria-label="shared voice notes">
              {data.notes.map((n) => (
                <SharedNote key={n.id} note={n} player={player} online={online} />
              ))}
            </ul>
          </>
        )}
      </section>
      <MyShares data={data} />
    </>
  );
}

function SharedNote({ note, player, online }: { note: ListedNote; player: AudioPlayer; online: boolean }) {
  const echo = useEchoNote();
  const report = useReportNote();
  const [reason, setReason] = useState('');
  const [reported, setReported] = useState(false);
  const headingId = `shared-${note.id}`;
  const playError = player.state.error?.id === note.id ? player.state.error.text : null;
  return (
    <li className={styles.note} aria-labelledby={headingId} data-testid="shared-note">
      <div className={styles.noteTop}>
        <PlayButton
          id={note.id}
          title={`${note.title}, by ${note.firstName}`}
          player={player}
          load={load(note.id)}
          disabled={!online}
        />
        <div className={styles.noteText}>
          <h3 id={headingId} className={styles.noteTitle}>
            {note.title}
          </h3>
          <p className={styles.noteMeta}>
            {note.firstName} · {recordedWhen(note.sharedAt)} ·{' '}
            <span aria-hidden>{formatLength(note.durationMs)}</span>
            <span className="visually-hidden">{lengthInWords(note.durationMs)}</span>
            {note.mine && ' · your note'}
          </p>
          <PlayPosition id={note.id} durationMs={note.durationMs} player={player} />
        </div>
      </div>
      {playError && (
        <p className={styles.error} role="alert">
          {playError}
        </p>
      )}
      {reported && (
        <p className={styles.muted} role="status">
          Thank you. You will not hear this note again.
        </p>
      )}
      <div className={styles.actions}>
        {!note.mine && !reported && (
          <ActionDialog
            trigger="report"
            triggerLabel={`report: ${note.title}`}
            title="report this note"
            confirm="report"
            canConfirm={reason.trim() !== ''}
            onOpen={() => setReason('')}
            onConfirm={async () => {
              const sent = await report.mutateAsync({ id: note.id, reason: reason.trim() });
              setReported(true);
              if (wasQueued(sent))
                toast({
                  title: SAVED_OFFLINE_TITLE,
                  description: 'Your report is sent when you are back online.',
                });
            }}
          >
            <p>
              What is wrong with “{note.title}”? Your report is not shown to {note.firstName}. When three
              members report a note, it is hidden until we have listened to it.
            </p>
            <label className={styles.label} htmlFor={`reason-${note.id}`}>
              reason
            </label>
            <textarea
              id={`reason-${note.id}`}
              className={styles.textarea}
              value={reason}
              maxLength={REPORT_REASON_MAX}
              onChange={(e) => setReason(e.target.value)}
            />
          </ActionDialog>
        )}
        {note.echoedByMe && <span className={styles.muted}>you echoed this</span>}
        <span className={styles.echoAtEnd}>
          <EchoButton
            count={note.echoes}
            label={`${note.firstName}'s note ${note.title}`}
            onEcho={async () => {
              const sent = await echo.mutateAsync(note.id);
              if (wasQueued(sent))
                toast({
                  title: SAVED_OFFLINE_TITLE,
                  description: 'Your echo is sent when you are back online.',
                });
            }}
          />
        </span>
      </div>
    </li>
  );
}

function MyShares({ data }: { data: Echoverse }) {
  const withdraw = useWithdraw();
  const left = Math.max(0, data.sharesPerDay - data.sharesToday);
  return (
    <section className={styles.card} aria-labelledby="my-shares-title">
      <h2 id="my-shares-title">your shares</h2>
      <p className={styles.muted}>
        {left > 0
          ? `You can share ${countText(left, 'more note')} today.`
          : 'You have shared the most notes for today; you can share again tomorrow.'}{' '}
        <Link className={styles.link} to="/voice-notes">
          Share one of your voice notes
        </Link>
      </p>
      {data.mine.length === 0 ? (
        <StateMessage kind="empty" title="You have not shared a note yet." />
      ) : (
        <ul className={styles.list} aria-label="your shared notes">
          {data.mine.map((s) => (
            <MyShareItem
              key={s.id}
              share={s}
              onWithdraw={() => withdraw.mutateAsync(s.id).then(() => undefined)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function MyShareItem({ share, onWithdraw }: { share: MyShare; onWithdraw: () => Promise<void> }) {
  return (
    <li className={styles.note} data-testid="my-share">
      <h3 className={styles.noteTitle}>{share.title}</h3>
      <p className={styles.noteMeta}>
        shared {recordedWhen(share.sharedAt)} · {countText(share.echoes, 'echo', 'echoes')}
      </p>
      <p className={share.hidden ? styles.error : styles.noteMeta}>
        {share.hidden
          ? 'Hidden until we review it: three members reported it. Nobody hears it meanwhile.'
          : 'Members can hear it now.'}
      </p>
      <div className={styles.actions}>
        <ActionDialog
          trigger="withdraw"
          triggerLabel={`withdraw: ${share.title}`}
          title="withdraw from the Echoverse?"
          confirm="withdraw"
          cancel="keep it shared"
          onConfirm={onWithdraw}
        >
          <p>Members will no longer hear “{share.title}”. Your own voice note is not touched.</p>
        </ActionDialog>
      </div>
    </li>
  );
}
