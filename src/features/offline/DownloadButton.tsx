import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { signAudioPathOnline } from '../player/player-api';
import type { Session } from '../sessions/session';
import { refreshDownloads, useActiveDownloads, useSessionDownload } from './download-queries';
import { DownloadRefused, downloadSession, offlineSupported } from './downloads';
import { useNetworkStore } from './network-store';
import { formatBytes } from './quota';
import styles from './Offline.module.css';

/**
 * "Download for offline" in the player: stores the voice and the instrumental version, shows
 * progress, and says where downloads are managed. The message line is a polite live region,
 * so a screen reader hears the progress milestones and the outcome without losing focus.
 */
export function DownloadButton({ session }: { session: Session }) {
  const client = useQueryClient();
  const record = useSessionDownload(session.id);
  const progress = useActiveDownloads((s) => s.active[session.id]);
  const setProgress = useActiveDownloads((s) => s.set);
  const online = useNetworkStore((s) => s.online);
  const [error, setError] = useState<string | null>(null);
  if (!offlineSupported()) return null;

  const start = async () => {
    setError(null);
    setProgress(session.id, { received: 0, total: 0 });
    try {
      const paths = [session.voicePath, session.instrPath].filter((p): p is string => p !== null);
      const signed = await Promise.all(
        paths.map(async (path) => ({ path, url: await signAudioPathOnline(path) })),
      );
      await downloadSession(session, signed, (p) => setProgress(session.id, p));
    } catch (err) {
      console.warn('Download for offline failed', err);
      setError(
        err instanceof DownloadRefused
          ? err.message
          : "The download didn't finish. Check your connection and try again.",
      );
    } finally {
      setProgress(session.id, null);
      await refreshDownloads(client);
    }
  };

  if (record.data) {
    return (
      <p className={styles.downloaded} data-testid="download-status" role="status">
        <span className={styles.downloadedLine}>
          <CheckIcon /> Downloaded for offline · {formatBytes(record.data.bytes)}
        </span>
        <span className={styles.downloadNote}>Plays without a connection. Remove it in your profile.</span>
      </p>
    );
  }
  const percent =
    progress && progress.total > 0
      ? Math.min(100, Math.floor((progress.received / progress.total) * 100))
      : null;
  return (
    <div className={styles.download}>
      {progress ? (
        <div className={styles.progressWrap}>
          <span>Downloading… {percent !== null ? `${percent}%` : formatBytes(progress.received)}</span>
          <progress
            className={styles.progress}
            aria-label="Download progress"
            max={100}
            value={percent ?? undefined}
          />
        </div>
      ) : (
        <button
          type="button"
          className={styles.downloadButton}
          onClick={() => void start()}
          disabled={!online || record.isPending}
        >
          <DownloadIcon /> Download for offline
        </button>
      )}
      <p className={styles.downloadNote} role="status">
        {error ??
          (online || progress
            ? 'Saves both versions on this device to play without a connection.'
            : 'Connect to the internet to download this session.')}
      </p>
    </div>
  );
}

const DownloadIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden
  >
    <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const CheckIcon = () => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.4"
    aria-hidden
  >
    <path d="m5 12.5 4.5 4.5L19 7" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
