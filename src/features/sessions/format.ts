/** Session length as minutes:seconds (spec core §9), e.g. 96 → "1:36"; unknown → "--:--". */
export function formatMmSs(totalSeconds: number | null | undefined): string {
  if (typeof totalSeconds !== 'number' || !Number.isFinite(totalSeconds) || totalSeconds < 0) return '--:--';
  const whole = Math.floor(totalSeconds);
  const minutes = Math.floor(whole / 60);
  const seconds = whole % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** Rounded minutes for search results and the recommendation; at least 1 for a real track. */
export function roundedMinutes(totalSeconds: number | null | undefined, fallback: number): number {
  if (typeof totalSeconds !== 'number' || !Number.isFinite(totalSeconds) || totalSeconds <= 0)
    return fallback;
  return Math.max(1, Math.round(totalSeconds / 60));
}

export const minutesLabel = (minutes: number) => `${minutes} min`;
