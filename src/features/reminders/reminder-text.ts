import type { RemindersView } from './reminders-api';

/** The zone this device's clock is set to, as the browser reports it. */
export function thisDeviceZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** "Europe/London (United Kingdom Time)": the zone's name and what it is called, in words. */
export function zoneWords(zone: string, locale = 'en-GB'): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC (Coordinated Universal Time)';
  try {
    const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
    return name && name !== zone ? `${zone.replace(/_/g, ' ')} (${name})` : zone.replace(/_/g, ' ');
  } catch {
    return zone;
  }
}

/** The wall clock now in a zone, "14:02". */
export function timeIn(zone: string, now = new Date(), locale = 'en-GB'): string {
  try {
    return new Intl.DateTimeFormat(locale, { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(
      now,
    );
  } catch {
    return '';
  }
}

/** "Friday 9 January" for a local date 'YYYY-MM-DD' (a calendar day, no zone involved). */
export function dayWords(localDate: string, locale = 'en-GB'): string {
  const [y, m, d] = localDate.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)));
}

/** What the member reads about the next reminder and today. */
export function nextText(v: Pick<RemindersView, 'next' | 'today' | 'practisedToday' | 'settings'>): string {
  const sends = v.settings.channels.some((c) => c !== 'calendar');
  if (!sends) {
    return v.settings.channels.includes('calendar')
      ? 'Your calendar app reminds you; Tuneful sends nothing itself.'
      : 'Reminders are off: choose how to be reminded below.';
  }
  if (!v.next) return 'No reminder is planned: choose at least one day.';
  const when =
    v.next.localDate === v.today
      ? `today at ${v.next.time}`
      : `${dayWords(v.next.localDate)} at ${v.next.time}`;
  if (v.next.localDate === v.today && v.practisedToday)
    return `You have practised today, so today's reminder at ${v.next.time} will not be sent.`;
  return `Next reminder: ${when}.`;
}

const STATUS: Record<RemindersView['recent'][number]['status'], string> = {
  pending: 'about to be sent',
  sending: 'being sent',
  retry: 'not delivered yet; trying again',
  sent: 'sent',
  failed: 'could not be delivered',
  gone: 'the device no longer receives notifications, so it was removed',
  skipped: 'not sent: you had practised',
};

export function recentText(r: RemindersView['recent'][number]): string {
  const how = r.channel === 'email' ? 'e-mail' : `notification to ${r.device ?? 'a device'}`;
  return `${dayWords(r.localDate)}: ${how}, ${STATUS[r.status]}`;
}
