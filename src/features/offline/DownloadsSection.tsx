import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { StateMessage } from '../../ui/StateMessage';
import { openSession } from '../sessions/open-session';
import { findListedSession, sessionKeys } from '../sessions/queries';
import { usePlayerStore } from '../player/player-store';
import { removeAndRefresh, useDownloadList, useStorageEstimate } from './download-queries';
import type { DownloadRecord } from './downloads';
import { formatBytes } from './quota';
import styles from './Offline.module.css';

/**
 * The profile's downloads: each downloaded session with its size and a Remove button, the
 * total, and what the browser allows this app to keep. Everything here is on this device only.
 */
export function DownloadsSection() {
  const list = useDownloadList();
  const estimate = useStorageEstimate();
  return (
    <section className={styles.card} aria-labelledby="downloads-title" id="downloads">
      <h2 id="downloads-title" className={styles.cardTitle}>
        Downloads
      </h2>
      {list.isPending ? (
        <StateMessage kind="loading" title="Loading your downloads…" />
      ) : list.isError ? (
        <StateMessage
          kind="error"
          title="We couldn't read your downloads."
          onRetry={() => void list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <StateMessage
          kind="empty"
          title="No downloads yet."
          hint="Open a session and choose Download for offline to listen without a connection."
        />
      ) : (
        <>
          <ul className={styles.downloadList} aria-label="downloaded sessions">
            {list.data.map((d) => (
              <DownloadRow key={d.sessionId} record={d} />
            ))}
          </ul>
          <p className={styles.total} data-testid="downloads-total">
            Total: {formatBytes(list.data.reduce((sum, d) => sum + d.bytes, 0))} on this device
          </p>
        </>
      )}
      <p className={styles.explain}>
        Downloads keep both versions of a session (voice and music only) on this device, so they play and seek
        without a connection. They stay until you remove them or sign out.
        {estimate.data?.quota
          ? ` This browser lets Tuneful use up to ${formatBytes(estimate.data.quota)}.`
          : ''}
      </p>
    </section>
  );
}

/**
 * Opens the player on a downloaded session, offline too: the row comes from a saved list or from
 * the download's own record (put where the player looks for it), so no network is needed.
 */
function playDownload(client: QueryClient, record: DownloadRecord): void {
  const listed = findListedSession(client, record.sessionId)?.session;
  const session = listed ?? record.session;
  if (!session) {
    usePlayerStore.getState().open(record.sessionId, 'vocal');
    return;
  }
  if (!listed && client.getQueryData(sessionKeys.byId(session.id)) === undefined)
    client.setQueryData(sessionKeys.byId(session.id), session, { updatedAt: Date.parse(record.savedAt) });
  openSession(session);
}

function DownloadRow({ record }: { record: DownloadRecord }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  const remove = async () => {
    setBusy(true);
    setError(false);
    try {
      await removeAndRefresh(client, record);
    } catch (err) {
      console.warn('Could not remove the download', err);
      setError(true);
      setBusy(false);
    }
  };
  return (
    <li className={styles.downloadRow} data-testid="download-row">
      <div className={styles.downloadText}>
        <span className={styles.downloadTitle}>{record.title}</span>
        <span className={styles.downloadSize}>{formatBytes(record.bytes)}</span>
        {error && (
          <span className={styles.rowError} role="alert">
            Could not remove it. Try again.
          </span>
        )}
      </div>
      <button
        type="button"
        className={styles.playButton}
        onClick={() => playDownload(client, record)}
        aria-label={`Play ${record.title}`}
      >
        <PlayIcon /> Play
      </button>
      <button
        type="button"
        className={styles.removeButton}
        onClick={() => void remove()}
        disabled={busy}
        aria-label={`Remove ${record.title}`}
      >
        Remove
      </button>
    </li>
  );
}

const PlayIcon = () => (
  <svg width="14" height="14" viewBox="0 0 24 24" fill="currentColor" aria-hidden>
    <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
  </svg>
);
