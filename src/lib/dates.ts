/**
 * Dates as members read them: one formatter for the whole app, so no screen shows a raw
 * "2026-12-07". A member's day (YYYY-MM-DD, already in their own zone: the server computes it
 * with their time zone) is written as that calendar day, never shifted by the device's zone.
 * The locale is the member's own English (en-US writes "Monday, December 7"), and British English
 * otherwise, since every word around the date is English.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The member's English locale from the browser's languages, else en-GB. */
export function memberLocale(
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): string {
  return languages.find((l) => /^en(-|$)/i.test(l)) ?? 'en-GB';
}

// Building an Intl.DateTimeFormat costs far more than using one: one per locale and style.
const cache = new Map<string, Intl.DateTimeFormat>();
type Style = 'heading' | 'short' | 'year';
function formatter(locale: string, style: Style): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let f = cache.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      style === 'heading'
        ? { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }
        : {
            day: 'numeric',
            month: 'short',
            ...(style === 'year' ? { year: 'numeric' } : {}),
            timeZone: 'UTC',
          };
    f = new Intl.DateTimeFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

function writeDay(localDate: string, locale: string, style: Style): string {
  const m = DAY.exec(localDate);
  if (!m) return localDate;
  // Noon UTC of that calendar day, formatted in UTC: the same day on every device.
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12);
  return formatter(locale, style).format(ms);
}

/** "Monday 7 December" for "2026-12-07": a day's heading. */
export function dayHeading(localDate: string, locale: string = memberLocale()): string {
  return writeDay(localDate, locale, 'heading');
}

/** "7 Dec" for "2026-12-07": a day in a list, a chart's label or a spoken description. */
export function shortDay(localDate: string, locale: string = memberLocale()): string {
  return writeDay(localDate, locale, 'short');
}

/** "7 Dec 2026" for "2026-12-07": a day that may be in another year (a goal's date, a week's span). */
export function dayWithYear(localDate: string, locale: string = memberLocale()): string {
  return writeDay(localDate, locale, 'year');
}
