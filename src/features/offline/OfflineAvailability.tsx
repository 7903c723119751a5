import { useDownloadList } from './download-queries';
import { useNetworkStore } from './network-store';
import styles from './OfflineAvailability.module.css';

/** Whether this session is downloaded on this device (one shared read of the downloads list). */
export function useIsDownloaded(sessionId: number): boolean {
  const list = useDownloadList();
  return list.data?.some((d) => d.sessionId === sessionId) ?? false;
}

export const DOWNLOADED_LABEL = 'Downloaded';
export const NEEDS_CONNECTION_LABEL = 'Needs a connection';

/**
 * The words on a session card: "Downloaded" when it plays without a network; while offline, a
 * session that is not downloaded says it needs a connection. Text, not colour: it is part of the
 * card's accessible name.
 */
export function OfflineAvailability({ sessionId }: { sessionId: number }) {
  const downloaded = useIsDownloaded(sessionId);
  const online = useNetworkStore((s) => s.online);
  if (downloaded)
    return (
      <span className={styles.downloaded} data-testid="downloaded-label">
        <DownloadedIcon />
        {DOWNLOADED_LABEL}
      </span>
    );
  if (!online)
    return (
      <span className={styles.online} data-testid="needs-connection-label">
        {NEEDS_CONNECTION_LABEL}
      </span>
    );
  return null;
}

const DownloadedIcon = () => (
  <svg
    width="12"
    height="12"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.4"
    aria-hidden
  >
    <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 20h14" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
