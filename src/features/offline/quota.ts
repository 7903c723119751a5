/**
 * The storage rule for downloads. Browsers give an origin a share of the disk
 * (navigator.storage.estimate); filling it to the last byte makes every later write of the app
 * fail, so a download must leave a margin free: a tenth of the quota, at least 10 MB.
 */
export const MIN_FREE_BYTES = 10 * 1024 * 1024;
export const FREE_SHARE = 0.1;

export interface StorageEstimateLike {
  quota?: number;
  usage?: number;
}

export type RoomCheck =
  { ok: true; available: number | null } | { ok: false; available: number; needed: number };

/** Whether `needed` bytes fit; an unknown estimate (old browsers) is allowed and the write decides. */
export function checkRoom(estimate: StorageEstimateLike | null, needed: number): RoomCheck {
  if (!estimate || typeof estimate.quota !== 'number' || typeof estimate.usage !== 'number') {
    return { ok: true, available: null };
  }
  const margin = Math.max(MIN_FREE_BYTES, estimate.quota * FREE_SHARE);
  const available = Math.max(0, Math.floor(estimate.quota - estimate.usage - margin));
  return needed <= available ? { ok: true, available } : { ok: false, available, needed };
}

/** "850 KB", "4.2 MB", "1.3 GB": sizes as a member reads them (1 MB = 1,000,000 bytes, as file managers show). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 KB';
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(1)} GB`;
}

/** The member-facing sentence when a download does not fit. */
export function notEnoughRoomMessage(needed: number, available: number): string {
  return `Not enough storage on this device: this session needs ${formatBytes(needed)} and about ${formatBytes(available)} can be used. Remove a download in your profile or free some space, then try again.`;
}
