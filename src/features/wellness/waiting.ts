import { useMemo } from 'react';
import { usePendingOfKind } from '../sync/pending-writes-queries';
import { localDate } from './chart-math';
import type { NewBiometric, NewMood } from './wellness-api';

/** Mood entries saved offline that still wait in the outbox (their bodies as sent). */
export function useWaitingMoods(): NewMood[] {
  const items = usePendingOfKind('mood');
  return useMemo(() => items.map((i) => i.body as NewMood), [items]);
}

/** Biometric readings saved offline that still wait in the outbox. */
export function useWaitingVitals(): NewBiometric[] {
  const items = usePendingOfKind('vitals');
  return useMemo(() => items.map((i) => i.body as NewBiometric), [items]);
}

/**
 * Entries with their calendar day: a stored one has the server's, one waiting to sync is given
 * this device's (as the server will, from the zone the app sends with it).
 */
export function withDates<T extends { recordedAt: string; localDate?: string }>(
  entries: readonly T[],
): (T & { localDate: string })[] {
  return entries.map((e) => ({ ...e, localDate: e.localDate ?? localDate(Date.parse(e.recordedAt)) }));
}
