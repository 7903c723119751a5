import type { Session } from '../sessions/session';
import { audioCacheKey, DOWNLOADS_CACHE, downloadRecordKey, isDownloadRecordKey } from './cache-keys';
import { checkRoom, notEnoughRoomMessage } from './quota';

/** One downloaded session as the profile lists it; kept as JSON beside its audio. */
export interface DownloadRecord {
  sessionId: number;
  title: string;
  files: { path: string; key: string; bytes: number }[];
  bytes: number;
  savedAt: string;
  /**
   * The catalogue row, so the profile's Downloads can open the player offline even when no list
   * holding it was saved. Missing in records made before it was kept.
   */
  session?: Session;
}

export interface DownloadProgress {
  received: number;
  /** 0 when the server did not say how large the files are. */
  total: number;
}

/** A download the member can act on (not enough room): its message is shown as it is. */
export class DownloadRefused extends Error {}

export const offlineSupported = () => typeof caches !== 'undefined' && 'serviceWorker' in navigator;

/**
 * Stores both versions of a session (voice and instrumental) in Cache Storage, under keys that
 * do not contain the signing token. Sizes are asked first (HEAD), checked against the quota,
 * persistent storage is requested, then the bodies are read with progress. All or nothing: a
 * failure removes what was written, and the record goes in last, so a half download is never
 * listed or played.
 */
export async function downloadSession(
  session: Session,
  signedUrls: { path: string; url: string }[],
  onProgress: (p: DownloadProgress) => void,
): Promise<DownloadRecord> {
  if (signedUrls.length === 0) throw new DownloadRefused('This session has no audio to download.');
  const sizes = await Promise.all(signedUrls.map((f) => contentLength(f.url)));
  const total = sizes.reduce((a, b) => a + b, 0);
  const estimate = (await navigator.storage?.estimate?.().catch(() => null)) ?? null;
  const room = checkRoom(estimate, total);
  if (!room.ok) throw new DownloadRefused(notEnoughRoomMessage(room.needed, room.available));
  // Persistent storage keeps the browser from evicting downloads when the disk fills;
  // browsers may say no, and downloads still work (they may then be evicted under pressure).
  await navigator.storage?.persist?.().catch(() => false);

  const cache = await caches.open(DOWNLOADS_CACHE);
  const written: string[] = [];
  let received = 0;
  try {
    const files: DownloadRecord['files'] = [];
    for (const f of signedUrls) {
      const key = audioCacheKey(f.url);
      if (!key) throw new Error(`Not a storage URL: ${f.path}`);
      const res = await fetch(f.url);
      if (!res.ok || !res.body) throw new Error(`The audio could not be downloaded (${res.status}).`);
      const chunks: Uint8Array[] = [];
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        onProgress({ received, total: Math.max(total, received) });
      }
      const type = res.headers.get('Content-Type') ?? 'audio/mpeg';
      const body = new Blob(chunks as BlobPart[], { type });
      written.push(key);
      await cache.put(
        key,
        new Response(body, { headers: { 'Content-Type': type, 'Content-Length': String(body.size) } }),
      );
      files.push({ path: f.path, key, bytes: body.size });
    }
    const record: DownloadRecord = {
      sessionId: session.id,
      title: session.title,
      session,
      files,
      bytes: files.reduce((a, f) => a + f.bytes, 0),
      savedAt: new Date().toISOString(),
    };
    const recordKey = downloadRecordKey(location.origin, session.id);
    written.push(recordKey);
    await cache.put(
      recordKey,
      new Response(JSON.stringify(record), { headers: { 'Content-Type': 'application/json' } }),
    );
    return record;
  } catch (err) {
    await Promise.all(written.map((k) => cache.delete(k)));
    if (err instanceof DOMException && err.name === 'QuotaExceededError') {
      throw new DownloadRefused(
        'Not enough storage on this device for this session. Remove a download in your profile or free some space, then try again.',
      );
    }
    throw err;
  }
}

/** The size a HEAD answer announces; 0 when unknown (the quota check then relies on the write). */
async function contentLength(url: string): Promise<number> {
  try {
    const res = await fetch(url, { method: 'HEAD' });
    const n = Number(res.headers.get('Content-Length'));
    return res.ok && Number.isFinite(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}

export async function listDownloads(): Promise<DownloadRecord[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(DOWNLOADS_CACHE);
  const keys = (await cache.keys()).filter((r) => isDownloadRecordKey(r.url));
  const records = await Promise.all(
    keys.map(async (k) => {
      const res = await cache.match(k);
      return res ? ((await res.json()) as DownloadRecord) : null;
    }),
  );
  return records
    .filter((r): r is DownloadRecord => r !== null)
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export async function findDownload(sessionId: number): Promise<DownloadRecord | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(DOWNLOADS_CACHE);
  const res = await cache.match(downloadRecordKey(location.origin, sessionId));
  return res ? ((await res.json()) as DownloadRecord) : null;
}

/** Record first, so a removal that stops half-way never leaves a listed download without audio. */
export async function removeDownload(record: DownloadRecord): Promise<void> {
  const cache = await caches.open(DOWNLOADS_CACHE);
  await cache.delete(downloadRecordKey(location.origin, record.sessionId));
  await Promise.all(record.files.map((f) => cache.delete(f.key)));
}

/**
 * The URL the player uses for a downloaded object: its stable key, which the service worker
 * answers from the cache (Range included). Only when a worker controls this page and the
 * audio is really there; otherwise null and the player signs a URL as usual.
 */
export async function offlineAudioUrl(path: string): Promise<string | null> {
  if (typeof caches === 'undefined' || !navigator.serviceWorker?.controller) return null;
  try {
    const records = await listDownloads();
    const file = records.flatMap((r) => r.files).find((f) => f.path === path);
    if (!file) return null;
    const cache = await caches.open(DOWNLOADS_CACHE);
    return (await cache.match(file.key)) ? file.key : null;
  } catch {
    return null;
  }
}
