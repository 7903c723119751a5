import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { StateMessage } from '../../ui/StateMessage';
import { useAudioReadiness } from '../sessions/catalogue-audio';
import { PreparingAudio } from '../sessions/PreparingAudio';
import { isInstrumentalOnly, type Session } from '../sessions/session';
import { ToneTokens } from '../sessions/ToneTokens';
import { Celebration } from './Celebration';
import { CreditsDialog } from './CreditsDialog';
import { BeforeFeeling } from '../emotions/FeelingQuestion';
import { DownloadButton } from '../offline/DownloadButton';
import { EchoButton } from './EchoButton';
import { EndDialog } from './EndDialog';
import { pickEncouragement } from './encouragements';
import { ModeSwitch } from './ModeSwitch';
import { logSessionAction } from './player-api';
import { PlayerAudio } from './PlayerAudio';
import { PlayerControls } from './PlayerControls';
import type { PlayerMode } from './player-store';
import { SeekBar } from './SeekBar';
import { useAudio } from './use-audio';
import { useCompletion } from './use-completion';
import { useListenedTime } from './use-listened-time';
import { useMediaSession } from './use-media-session';
import { useSessionAudioUrls } from './use-session-audio-urls';
import { useSpaceToggle } from './use-space-toggle';
import styles from './Player.module.css';

/** Spec core §9: the player slides down and closes after 0.8 s. */
export const PLAYER_CLOSE_MS = 800;

/** The full-screen player for one loaded session (spec core §4, "Full-screen player"). */
export function SessionPlayer({
  session,
  openedAs,
  onClosed,
}: {
  session: Session;
  openedAs: PlayerMode;
  onClosed: () => void;
}) {
  const canVocal = session.voicePath !== null;
  const canInstrumental = session.instrPath !== null;
  const [mode, setMode] = useState<PlayerMode>(
    !canVocal || openedAs === 'instrumental' ? 'instrumental' : 'vocal',
  );
  const [shown, setShown] = useState(false);
  const [closing, setClosing] = useState(false);
  const [endOpen, setEndOpen] = useState(false);
  const [line, setLine] = useState('');
  const vocalAudio = useAudioReadiness(session, 'vocal');
  const instrAudio = useAudioReadiness(session, 'instrumental');
  const urls = useSessionAudioUrls(session, { vocal: vocalAudio.ready, instrumental: instrAudio.ready });
  const url = mode === 'vocal' ? urls.vocal : urls.instrumental;
  const preparing = mode === 'vocal' ? vocalAudio : instrAudio;

  const onEnded = useCallback(() => {
    setLine(pickEncouragement());
    setEndOpen(true);
  }, []);
  const { ref, attach, element, state, controls } = useAudio(onEnded);

  const closeTimer = useRef<number | undefined>(undefined);
  const close = useCallback(() => {
    setClosing(true);
    controls.pause();
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(onClosed, PLAYER_CLOSE_MS);
  }, [controls, onClosed]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  // Slide up on the frame after mounting, so the transition has a start position.
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  // The first source autoplays (blocked → stays paused, logged). An element loaded ahead of the
  // tap already holds it, and usually plays already (warm-audio.ts).
  const loadedUrl = useRef<string | null>(null);
  useEffect(() => {
    if (!url || !element || loadedUrl.current !== null) return;
    loadedUrl.current = url;
    if (element.src === url) {
      if (element.paused) controls.play();
    } else controls.setSource(url, 0, true);
  }, [url, element, controls]);

  const switchMode = (next: PlayerMode, opts?: { at: number; play: boolean }) => {
    const target = next === 'vocal' ? urls.vocal : urls.instrumental;
    const nextAudio = next === 'vocal' ? vocalAudio : instrAudio;
    if (!target && nextAudio.known && !nextAudio.ready) {
      // A version still being prepared: show its progress; it loads and plays when ready.
      controls.pause();
      setMode(next);
      loadedUrl.current = null;
      return;
    }
    if (!target) return;
    const audio = ref.current;
    const at = opts?.at ?? audio?.currentTime ?? 0;
    const play = opts?.play ?? (audio ? !audio.paused : false);
    setMode(next);
    if (target === loadedUrl.current) {
      controls.seek(at);
      if (play) controls.play();
      return;
    }
    loadedUrl.current = target;
    controls.setSource(target, at, play);
  };

  const listening = useListenedTime(element);
  const listeningTrack = isInstrumentalOnly(session);
  const completion = useCompletion(
    { id: session.id, title: session.title, lengthSec: session.lengthSec, listening: listeningTrack },
    listening,
    () => setEndOpen(false),
    close,
  );
  useSpaceToggle(controls.toggle, !endOpen && !closing);
  useMediaSession(session, mode === 'instrumental', state, controls, close);

  const busy = !url || !state.ready;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Content
          className={`${styles.player} ${shown && !closing ? styles.up : ''}`}
          style={{ '--cover': session.coverColor ?? 'var(--color-primary-soft)' } as CSSProperties}
          data-player
          data-testid="player"
          data-mode={mode}
          aria-describedby={undefined}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            (e.currentTarget as HTMLElement)
              .querySelector<HTMLElement>('[data-testid="play-toggle"]')
              ?.focus();
          }}
        >
          <PlayerAudio firstUrl={url} onElement={attach} />
          <div className={styles.topBar}>
            <button type="button" className={styles.iconButton} onClick={close} aria-label="Close player">
              <ChevronDown />
            </button>
            <CreditsDialog musicians={session.musicians} />
          </div>
          <div className={styles.art} aria-hidden>
            <span className={styles.wave} data-playing={state.playing} />
          </div>
          <div className={styles.info}>
            <Dialog.Title className={styles.title}>
              {session.title}
              {mode === 'instrumental' && <span className={styles.instrumentalLabel}> (instrumental)</span>}
            </Dialog.Title>
            <div className={styles.meta}>
              {session.skillLevel && <span>{session.skillLevel.trim().toLowerCase()}</span>}
              <ToneTokens level={session.skillLevel} listening={isInstrumentalOnly(session)} />
            </div>
          </div>
          {preparing.known && !preparing.ready ? (
            <PreparingAudio percent={preparing.percent} />
          ) : urls.notDownloaded && !url ? (
            <StateMessage
              kind="empty"
              title="This session is not downloaded, so it cannot play offline."
              hint="It plays again when you are back online. Download sessions in the player to listen without a connection."
              onRetry={urls.retry}
            />
          ) : urls.failed && !url ? (
            <StateMessage kind="error" title="We couldn't load the audio just now." onRetry={urls.retry} />
          ) : state.failed ? (
            <StateMessage
              kind="error"
              title="This track would not play."
              onRetry={() => url && controls.setSource(url, state.currentTime, true)}
            />
          ) : null}
          <SeekBar currentTime={state.currentTime} duration={state.duration} onSeek={controls.seek} />
          <PlayerControls
            playing={state.playing}
            disabled={busy}
            onToggle={controls.toggle}
            onSkip={controls.skip}
          />
          <div className={styles.bottomRow}>
            <ModeSwitch
              mode={mode}
              canVocal={canVocal && (!!urls.vocal || !vocalAudio.ready)}
              canInstrumental={canInstrumental && (!!urls.instrumental || !instrAudio.ready)}
              onChange={(m) => switchMode(m)}
            />
            <EchoButton sessionId={session.id} />
          </div>
          <DownloadButton session={session} />
          <BeforeFeeling kind="catalogue" itemId={session.id} />
          <EndDialog
            open={endOpen}
            onOpenChange={setEndOpen}
            line={line}
            sessionId={session.id}
            canVocal={canVocal}
            canInstrumental={canInstrumental}
            bursting={completion.phase === 'bursting'}
            listening={listeningTrack}
            result={completion.result}
            onPlayAgain={() => {
              setEndOpen(false);
              void logSessionAction(session.id, 'replay');
              switchMode('vocal', { at: 0, play: true });
            }}
            onPlayMusic={() => {
              setEndOpen(false);
              void logSessionAction(session.id, 'instrumental');
              switchMode('instrumental', { at: 0, play: true });
            }}
            onComplete={completion.complete}
          />
          <Celebration
            open={completion.phase === 'celebrating'}
            tokens={completion.result?.tokensAwarded ?? 0}
            first={completion.result?.isFirstSession ?? true}
            newBadges={completion.result?.newBadges}
            streakRewards={completion.result?.streakRewards}
            onDone={completion.finishCelebration}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const ChevronDown = () => (
  <svg
    width="24"
    height="24"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    aria-hidden
  >
    <path d="m6 9 6 6 6-6" />
  </svg>
);
