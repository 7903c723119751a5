/** Pure helpers for the overview's 14-day SVG lines and sparklines. */

export interface DayPoint {
  localDate: string;
  value: number;
}

/** The member's calendar date (YYYY-MM-DD) of an instant, in the browser's zone. */
export function localDate(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The n dates ending with `today`, oldest first. */
export function lastDates(today: string, n: number): string[] {
  const [y, m, d] = today.split('-').map(Number);
  const base = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  return Array.from({ length: n }, (_, i) =>
    new Date(base - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Mean per date over the given dates; null where there is nothing that day. */
export function dailySeries(points: DayPoint[], dates: string[]): (number | null)[] {
  const sums = new Map<string, { s: number; n: number }>();
  for (const p of points) {
    const cur = sums.get(p.localDate) ?? { s: 0, n: 0 };
    sums.set(p.localDate, { s: cur.s + p.value, n: cur.n + 1 });
  }
  return dates.map((d) => {
    const v = sums.get(d);
    return v ? v.s / v.n : null;
  });
}

/**
 * An SVG path through the values, x spread over the width, y scaled from [min, max] to the
 * height (top is max). A missing day breaks the line, so no trend is drawn across a gap.
 */
export function linePath(
  values: (number | null)[],
  width: number,
  height: number,
  min: number,
  max: number,
): string {
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const span = max - min || 1;
  let path = '';
  let pen = false;
  values.forEach((v, i) => {
    if (v === null) {
      pen = false;
      return;
    }
    const x = Math.round(i * step * 10) / 10;
    const y = Math.round((height - ((v - min) / span) * height) * 10) / 10;
    path += `${pen ? 'L' : 'M'}${x} ${y} `;
    pen = true;
  });
  return path.trim();
}

/** Points to draw as dots (lone days have no line to show them). */
export function dots(values: (number | null)[], width: number, height: number, min: number, max: number) {
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const span = max - min || 1;
  return values.flatMap((v, i) =>
    v === null
      ? []
      : [
          {
            x: Math.round(i * step * 10) / 10,
            y: Math.round((height - ((v - min) / span) * height) * 10) / 10,
          },
        ],
  );
}
