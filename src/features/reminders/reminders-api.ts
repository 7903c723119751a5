import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
import { SAVED_OFFLINE_TITLE, sendOrQueue } from '../../lib/outbox/offline-writes';
import { onlineOnly } from '../../lib/outbox/online-only';
import type { ReminderChannel, ReminderSettings } from '../../domain/reminders';
import { toast } from '../toast/toast-store';
import { subscribeThisDevice, unsubscribeThisDevice } from './push-subscribe';
import { thisDeviceZone } from './reminder-text';

/** GET /api/reminders (server/api/reminders/view.ts; types only, src never imports server code). */
export interface RemindersView {
  settings: ReminderSettings;
  saved: boolean;
  zone: string;
  /** False while the member's app never reported a zone (UTC meanwhile; the next save sets it). */
  zoneKnown: boolean;
  zoneNext: { zone: string; after: string } | null;
  next: { at: string; localDate: string; time: string } | null;
  today: string;
  practisedToday: boolean;
  email: { address: string; confirmed: boolean };
  mailDelivery: 'smtp' | 'folder';
  devices: { id: number; device: string; createdAt: string; lastSentAt: string | null }[];
  calendarUrl: string | null;
  pushPublicKey: string;
  recent: {
    localDate: string;
    channel: 'push' | 'email';
    device: string | null;
    status: 'pending' | 'sending' | 'retry' | 'sent' | 'failed' | 'gone' | 'skipped';
    at: string;
  }[];
}

export interface TestResult {
  channel: ReminderChannel;
  ok: boolean;
  message: string;
}

export const REMINDERS = '/api/reminders';
/** The outbox kind of a queued save ("Waiting to sync": sync/describe-write.ts). */
export const REMINDER_WRITE = 'reminder-settings';

export function useReminders() {
  return useQuery<RemindersView>({ queryKey: [REMINDERS] });
}

/**
 * Saving the settings is queued offline (a PUT of the whole choice, stamped with when it was
 * made, so an older save never overwrites a newer one when the outbox sends it later).
 */
export function useSaveReminders() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ReminderSettings) => {
      const sent = await sendOrQueue(
        REMINDER_WRITE,
        REMINDERS,
        { ...settings, timeZone: thisDeviceZone() },
        { method: 'PUT', stamp: true },
      );
      if (sent.queued)
        toast({ title: SAVED_OFFLINE_TITLE, description: 'Your reminders change once it is sent.' });
      return sent;
    },
    onSuccess: async (sent) => {
      if (sent.queued) return;
      qc.setQueryData([REMINDERS], (await sent.response.json()) as RemindersView);
    },
  });
}

/** Refused offline: the server sends it now and says what happened. */
export function useTestReminder() {
  return useMutation({
    mutationFn: () =>
      onlineOnly('Sending a test reminder', () =>
        apiJson<{ results: TestResult[] }>('POST', `${REMINDERS}/test`),
      ),
  });
}

/** Refused offline: the new address comes from the server. */
export function useRegenerateCalendar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      onlineOnly('Making a new calendar address', () =>
        apiJson<{ calendarUrl: string }>('POST', `${REMINDERS}/calendar/regenerate`),
      ),
    onSuccess: ({ calendarUrl }) =>
      qc.setQueryData<RemindersView>([REMINDERS], (v) => (v ? { ...v, calendarUrl } : v)),
  });
}

/**
 * Turning notifications on or off for this device: refused offline (the browser's push service
 * and the server must both agree now, or the member would believe in notifications that never
 * come).
 */
export function usePushDevice() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: [REMINDERS] });
  const on = useMutation({
    mutationFn: () => onlineOnly('Turning on notifications', () => subscribeThisDevice()),
    onSuccess: refresh,
  });
  const off = useMutation({
    mutationFn: () => onlineOnly('Turning off notifications', () => unsubscribeThisDevice()),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      onlineOnly('Removing a device', () => apiJson<null>('DELETE', `${REMINDERS}/push/subscriptions/${id}`)),
    onSuccess: refresh,
  });
  return { on, off, remove };
}
