/**
 * What the member saved offline, shown where it belongs (issue 30): an entry still in the outbox
 * appears in its lists and overviews marked "Waiting to sync", and once the server has it the
 * stored entry takes its place. The two are one entry when they name the same moment
 * (`recordedAt`, written by the app when the member saved and stored as sent), so a write that
 * reached the server while the outbox still holds it (an answer lost on the way) is never shown
 * twice.
 */
export interface Recorded {
  recordedAt: string;
}

/** The outbox bodies the stored list does not hold yet, oldest first. */
export function notYetStored<P extends Recorded>(
  stored: readonly Recorded[],
  pending: readonly P[],
  same: (stored: Recorded, pending: P) => boolean = sameMoment,
): P[] {
  return pending.filter((p) => !stored.some((s) => same(s, p)));
}

export const sameMoment = (a: Recorded, b: Recorded) => Date.parse(a.recordedAt) === Date.parse(b.recordedAt);

/**
 * Stored and waiting entries together, newest first; each marked `waiting` (a waiting one has
 * no server id yet, so nothing can be done to it but discard it in "Waiting to sync").
 */
export function withWaiting<S extends Recorded, P extends Recorded>(
  stored: readonly S[],
  pending: readonly P[],
): ((S & { waiting: false }) | (P & { waiting: true }))[] {
  return [
    ...stored.map((s) => ({ ...s, waiting: false as const })),
    ...notYetStored(stored, pending).map((p) => ({ ...p, waiting: true as const })),
  ].sort((a, b) => Date.parse(b.recordedAt) - Date.parse(a.recordedAt));
}
