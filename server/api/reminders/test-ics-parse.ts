/**
 * A small strict reader of iCalendar text (RFC 5545) for the tests: it refuses what a careful
 * calendar app would (a bare LF, a line over 75 octets, an unbalanced BEGIN/END, a property
 * line without a colon) and gives back the component tree with unescaped values, plus a
 * VTIMEZONE interpreter independent of the writer, to check what the events mean.
 */

export interface Property {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface Component {
  name: string;
  props: Property[];
  children: Component[];
}

export function parseIcs(text: string): Component {
  if (!text.endsWith('\r\n')) throw new Error('the feed does not end with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    if (line.includes('\n') || line.includes('\r'))
      throw new Error(`bare line break in ${JSON.stringify(line)}`);
    if (Buffer.byteLength(line, 'utf8') > 75) throw new Error(`line over 75 octets: ${line}`);
  }
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (logical.length === 0) throw new Error('a continuation line before any line');
      logical[logical.length - 1] += line.slice(1);
    } else logical.push(line);
  }
  const root: Component = { name: '', props: [], children: [] };
  const stack: Component[] = [root];
  for (const line of logical) {
    const colon = line.indexOf(':');
    if (colon < 1) throw new Error(`not a content line: ${line}`);
    const [name = '', ...paramParts] = line.slice(0, colon).split(';');
    const value = line.slice(colon + 1);
    const top = stack[stack.length - 1]!;
    if (name === 'BEGIN') {
      const child: Component = { name: value, props: [], children: [] };
      top.children.push(child);
      stack.push(child);
    } else if (name === 'END') {
      if (top.name !== value) throw new Error(`END:${value} closes ${top.name}`);
      stack.pop();
    } else {
      if (!/^[A-Z][A-Z0-9-]*$/.test(name)) throw new Error(`bad property name ${name}`);
      const params = Object.fromEntries(paramParts.map((p) => p.split('=') as [string, string]));
      top.props.push({ name, params, value });
    }
  }
  if (stack.length !== 1) throw new Error('a component was never closed');
  if (root.children.length !== 1 || root.children[0]!.name !== 'VCALENDAR')
    throw new Error('not one VCALENDAR');
  return root.children[0]!;
}

export const prop = (c: Component, name: string) => c.props.find((p) => p.name === name);
export const value = (c: Component, name: string) => prop(c, name)?.value;
export const all = (c: Component, name: string) => c.children.filter((k) => k.name === name);

/** TEXT value unescaped (§3.3.11); a lone backslash before another character is an error. */
export function unescapeText(v: string): string {
  return v.replace(/\\(.)/g, (_, ch: string) => {
    if (ch === 'n' || ch === 'N') return '\n';
    if (ch === '\\' || ch === ';' || ch === ',') return ch;
    throw new Error(`bad escape \\${ch}`);
  });
}

const WD = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** `YYYYMMDDTHHMMSS` as if it were UTC, in ms (a "floating" local reading). */
export function floating(text: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z?$/.exec(text);
  if (!m) throw new Error(`not a DATE-TIME: ${text}`);
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}

export function offsetMs(text: string): number {
  const m = /^([+-])(\d{2})(\d{2})(\d{2})?$/.exec(text);
  if (!m) throw new Error(`not a UTC offset: ${text}`);
  const ms = ((+m[2]! * 60 + +m[3]!) * 60 + +(m[4] ?? 0)) * 1000;
  return m[1] === '-' ? -ms : ms;
}

/** The onsets (floating local, in the "from" offset) of one observance in a year. */
function onsetsIn(obs: Component, year: number): number[] {
  const start = floating(value(obs, 'DTSTART')!);
  const time = start % 86_400_000;
  const out: number[] = [];
  const rrule = value(obs, 'RRULE');
  if (rrule) {
    const parts = Object.fromEntries(rrule.split(';').map((p) => p.split('=') as [string, string]));
    if (parts.FREQ !== 'YEARLY') throw new Error(`unexpected ${rrule}`);
    const month = Number(parts.BYMONTH) - 1;
    const m = /^(-?\d)([A-Z]{2})$/.exec(parts.BYDAY ?? '');
    if (!m) throw new Error(`unexpected BYDAY in ${rrule}`);
    const n = Number(m[1]);
    const wd = WD.indexOf(m[2]!);
    const days: number[] = [];
    for (let d = 1; d <= 31; d++) {
      const t = Date.UTC(year, month, d);
      if (new Date(t).getUTCMonth() !== month) break;
      if (new Date(t).getUTCDay() === wd) days.push(t);
    }
    const day = n < 0 ? days[days.length + n] : days[n - 1];
    if (day !== undefined && day + time >= start) out.push(day + time);
  } else {
    out.push(start);
  }
  for (const r of obs.props.filter((p) => p.name === 'RDATE')) out.push(floating(r.value));
  // Without a rule the onsets are the listed dates, whatever year is asked about.
  return rrule ? out.filter((t) => new Date(t).getUTCFullYear() === year) : out;
}

/** The offset a VTIMEZONE puts in force at an instant: the TO of the latest onset before it. */
export function offsetUnder(tz: Component, instant: number): number {
  let best: { at: number; to: number } | null = null;
  const year = new Date(instant).getUTCFullYear();
  for (const obs of tz.children) {
    const from = offsetMs(value(obs, 'TZOFFSETFROM')!);
    const to = offsetMs(value(obs, 'TZOFFSETTO')!);
    for (const y of [year - 1, year, year + 1]) {
      for (const onset of onsetsIn(obs, y)) {
        const at = onset - from;
        if (at <= instant && (!best || at > best.at)) best = { at, to };
      }
    }
  }
  if (!best) throw new Error('no observance covers the moment');
  return best.to;
}

/** The UTC instant of a floating local time under a VTIMEZONE (the earlier one in an overlap). */
export function toUtc(tz: Component, local: number): number {
  const offsets = new Set(tz.children.map((o) => offsetMs(value(o, 'TZOFFSETTO')!)));
  const fits = [...offsets].map((o) => local - o).filter((t) => offsetUnder(tz, t) === local - t);
  if (fits.length === 0) throw new Error('a local time in a gap');
  return Math.min(...fits);
}
