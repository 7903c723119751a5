import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
import { SAVED_OFFLINE_TITLE, sendOrQueue, wasQueued } from '../../lib/outbox/offline-writes';
import { onlineOnly } from '../../lib/outbox/online-only';
import { toast } from '../toast/toast-store';

/** Shapes of /api/mood-tracking, /api/biometric-data and /api/wellness-insights (server/api/wellness). */
export interface MoodEntry {
  id: number;
  moodScore: number;
  stressLevel: number;
  anxietyLevel: number;
  energyLevel: number;
  emotions: string[];
  notes: string;
  recordedAt: string;
  localDate: string;
}
export type BiometricType = 'heart_rate' | 'hrv' | 'stress_level' | 'sleep_quality';
export interface BiometricRecord {
  id: number;
  dataType: BiometricType;
  value: number;
  unit: string;
  sourceDevice: string;
  recordedAt: string;
  localDate: string;
}
export interface Insight {
  id: string;
  message: string;
  kind: 'correlation' | 'difference';
  correlation: number | null;
  difference: number | null;
  /** What `difference` is counted in; absent in insights saved before the field existed. */
  unit?: 'points' | 'percent' | null;
  days: number;
}
export interface InsightProgress {
  id: string;
  track: string;
  days: number;
  daysNeeded: number;
}
export interface InsightsResult {
  insights: Insight[];
  progress: InsightProgress[];
}
export interface NewMood {
  moodScore: number;
  stressLevel: number;
  anxietyLevel: number;
  energyLevel: number;
  emotions: string[];
  notes: string;
  recordedAt: string;
  timeZone: string;
}
export interface NewBiometric {
  dataType: BiometricType;
  value: number;
  unit: string;
  sourceDevice: string;
  recordedAt: string;
  timeZone: string;
}

export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const tz = () => encodeURIComponent(timeZone());

/** Keys start with the API path; every wellness key contains 'wellness:' so saves refresh them all. */
export const WELLNESS_KEYS = {
  recentMood: () => ['/api/mood-tracking', 'wellness:mood'],
  moodFortnight: () => [`/api/mood-tracking?days=14&tz=${tz()}`, 'wellness:mood'],
  recentVitals: () => ['/api/biometric-data', 'wellness:vitals'],
  vitalsFortnight: () => [`/api/biometric-data?days=14&tz=${tz()}`, 'wellness:vitals'],
  insights: () => [`/api/wellness-insights?tz=${tz()}`, 'wellness:insights'],
};

export const useRecentMood = () =>
  useQuery<MoodEntry[]>({ queryKey: WELLNESS_KEYS.recentMood(), staleTime: 0 });
export const useMoodFortnight = () =>
  useQuery<MoodEntry[]>({ queryKey: WELLNESS_KEYS.moodFortnight(), staleTime: 0 });
export const useRecentVitals = () =>
  useQuery<BiometricRecord[]>({ queryKey: WELLNESS_KEYS.recentVitals(), staleTime: 0 });
export const useVitalsFortnight = () =>
  useQuery<BiometricRecord[]>({ queryKey: WELLNESS_KEYS.vitalsFortnight(), staleTime: 0 });
export const useInsights = () =>
  useQuery<InsightsResult>({ queryKey: WELLNESS_KEYS.insights(), staleTime: 0 });

/** Spec: haptic feedback on save, where the device has it. */
function haptic() {
  if (typeof navigator !== 'undefined' && 'vibrate' in navigator) navigator.vibrate(15);
}

function useWellnessWrite<T>(fn: (arg: T) => Promise<unknown>, what: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result) => {
      haptic();
      if (wasQueued(result)) return;
      return client.invalidateQueries({
        predicate: (q) => q.queryKey.some((k) => typeof k === 'string' && k.startsWith('wellness:')),
      });
    },
    onError: (err) => console.warn(`Could not ${what}`, err),
  });
}

/**
 * A new entry is sent once with an Idempotency-Key or, offline, kept in the outbox (listed in
 * "Waiting to sync" and shown in the lists as waiting) and sent when the network is back.
 */
function queuedAdd(kind: 'mood' | 'vitals', url: string, description: string) {
  return async (body: NewMood | NewBiometric) => {
    const sent = await sendOrQueue(kind, url, { ...body });
    if (sent.queued) toast({ title: SAVED_OFFLINE_TITLE, description });
    return sent;
  };
}

export const useAddMood = () =>
  useWellnessWrite(
    queuedAdd('mood', '/api/mood-tracking', 'Your mood entry is saved once it is sent.'),
    'save the mood entry',
  );
export const useAddBiometric = () =>
  useWellnessWrite(
    queuedAdd('vitals', '/api/biometric-data', 'Your reading is saved once it is sent.'),
    'save the biometric data',
  );
/** Deleting needs the server's rows: refused in words while offline (docs/offline-writes.md). */
export const useDeleteMood = () =>
  useWellnessWrite(
    (id: number) => onlineOnly('Deleting an entry', () => apiJson('DELETE', `/api/mood-tracking/${id}`)),
    'delete the mood entry',
  );
export const useDeleteBiometric = () =>
  useWellnessWrite(
    (id: number) => onlineOnly('Deleting a reading', () => apiJson('DELETE', `/api/biometric-data/${id}`)),
    'delete the biometric data',
  );
