import { useMemo, useState } from 'react';
import { BackHeader } from '../../ui/BackHeader';
import { StateMessage } from '../../ui/StateMessage';
import { OfflineAvailability } from '../offline/OfflineAvailability';
import { NeedsConnection, SavedNote } from '../offline/saved-data/SavedNote';
import { useQueryView } from '../offline/saved-data/use-query-view';
import { formatMmSs } from '../sessions/format';
import { ToneTokens } from '../sessions/ToneTokens';
import { openSession } from '../sessions/open-session';
import { useAllSessions } from '../sessions/queries';
import { isInstrumentalOnly, type Session } from '../sessions/session';
import { ROOM_CHIPS, roomTracks, type RoomChip } from './room-chips';
import styles from './Listening.module.css';

export function ListeningRoomScreen() {
  const sessions = useAllSessions();
  const view = useQueryView(sessions);
  const [chip, setChip] = useState<RoomChip>('all');
  const tracks = useMemo(() => roomTracks(sessions.data ?? [], chip), [sessions.data, chip]);

  let list;
  if (view.kind === 'loading') list = <StateMessage kind="loading" title="loading…" />;
  else if (view.kind === 'needs-connection')
    list = <NeedsConnection onRetry={() => void sessions.refetch()} />;
  else if (view.kind === 'error')
    list = (
      <StateMessage
        kind="error"
        title="We couldn't load the tracks just now."
        onRetry={() => void sessions.refetch()}
      />
    );
  else if (tracks.length === 0) list = <StateMessage kind="empty" title="no tracks available" />;
  else
    list = (
      <>
        <SavedNote savedAt={view.savedAt} />
        <ul className={styles.list}>
          {tracks.map((t) => (
            <li key={t.id}>
              <TrackRow track={t} />
            </li>
          ))}
        </ul>
      </>
    );

  return (
    <div className={styles.screen}>
      <BackHeader to="/discover" backLabel="Back to discover" title="the listening room">
        <p className={styles.subtitle}>music to rest in, no voice required</p>
      </BackHeader>
      <div className={styles.chips} role="group" aria-label="filter tracks">
        {ROOM_CHIPS.map((c) => (
          <button
            key={c.value}
            type="button"
            className={`${styles.chip} ${chip === c.value ? styles.chipOn : ''}`}
            aria-pressed={chip === c.value}
            onClick={() => setChip(c.value)}
          >
            {c.label}
          </button>
        ))}
      </div>
      <section className={styles.section} aria-labelledby="instrumental-tracks">
        <h2 id="instrumental-tracks" className={styles.sectionTitle}>
          instrumental tracks
        </h2>
        {list}
      </section>
      <section className={styles.about} aria-labelledby="about-the-music">
        <h2 id="about-the-music" className={styles.sectionTitle}>
          about the music
        </h2>
        <p>
          These tracks are made for listening, not for practice: slow harmony, soft drones and gentle textures
          that give your voice a rest while your ears keep working.
        </p>
        <p>
          Use them to settle before a session, to wind down after singing, or as quiet company while you read,
          stretch or breathe. Every guided session also has its own music-only version in the player.
        </p>
        <p>
          Time spent here is saved as listening minutes on your journey. Listening is not practice, so these
          tracks earn no tone tokens or streak days.
        </p>
      </section>
    </div>
  );
}

function TrackRow({ track }: { track: Session }) {
  return (
    <button
      type="button"
      className={styles.track}
      onClick={() => openSession(track, 'instrumental')}
      data-testid="room-track"
    >
      <span
        className={styles.swatch}
        style={{ background: track.coverColor ?? 'var(--color-primary-soft)' }}
        aria-hidden
      >
        ♪
      </span>
      <span className={styles.trackText}>
        <span className={styles.trackTitle}>{track.title}</span>
        <span className={styles.trackLabel}>instrumental</span>
        <OfflineAvailability sessionId={track.id} />
      </span>
      <span className={styles.trackEnd}>
        <ToneTokens level={track.skillLevel} listening={isInstrumentalOnly(track)} />
        <span className={styles.trackLength}>{formatMmSs(track.lengthSec)}</span>
      </span>
    </button>
  );
}
