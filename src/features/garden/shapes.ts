/** Small helpers the garden's drawings are generated with: numbers in, SVG path data out. */

/** A repeatable pseudo-random sequence (mulberry32), so the same garden is drawn every time. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One decimal is plenty at this size and keeps the markup short. */
export const r1 = (n: number) => Math.round(n * 10) / 10;

export interface Point {
  x: number;
  y: number;
}

/** The point at `t` (0-1) on a quadratic curve, and the unit normal there. */
export function onQuad(p0: Point, c: Point, p1: Point, t: number): { p: Point; n: Point } {
  const u = 1 - t;
  const p = {
    x: u * u * p0.x + 2 * u * t * c.x + t * t * p1.x,
    y: u * u * p0.y + 2 * u * t * c.y + t * t * p1.y,
  };
  const dx = 2 * u * (c.x - p0.x) + 2 * t * (p1.x - c.x);
  const dy = 2 * u * (c.y - p0.y) + 2 * t * (p1.y - c.y);
  const len = Math.hypot(dx, dy) || 1;
  return { p, n: { x: -dy / len, y: dx / len } };
}

/** A leaf: pointed at both ends, `len` long and `width` wide, from (x, y) at `angle` degrees. */
export function leafPath(x: number, y: number, len: number, width: number, angle: number): string {
  const a = (angle * Math.PI) / 180;
  const dx = Math.cos(a);
  const dy = Math.sin(a);
  const tip = { x: x + dx * len, y: y + dy * len };
  const mid = { x: x + (dx * len) / 2, y: y + (dy * len) / 2 };
  const w = width / 2;
  const c1 = { x: mid.x - dy * w * 1.4, y: mid.y + dx * w * 1.4 };
  const c2 = { x: mid.x + dy * w * 1.4, y: mid.y - dx * w * 1.4 };
  return `M${r1(x)} ${r1(y)}Q${r1(c1.x)} ${r1(c1.y)} ${r1(tip.x)} ${r1(tip.y)}Q${r1(c2.x)} ${r1(c2.y)} ${r1(x)} ${r1(y)}Z`;
}

/** A grass tuft of `blades` strokes, `h` tall, as one path. */
export function tuftPath(x: number, y: number, h: number, blades: number, rand: () => number): string {
  let d = '';
  for (let i = 0; i < blades; i++) {
    const spread = (i - (blades - 1) / 2) * 2.2;
    const lean = spread * 1.4 + (rand() - 0.5) * 3;
    const hh = h * (0.65 + rand() * 0.45);
    d += `M${r1(x + spread * 0.4)} ${r1(y)}Q${r1(x + spread * 0.5)} ${r1(y - hh * 0.6)} ${r1(x + lean)} ${r1(y - hh)}`;
  }
  return d;
}

/** A closed blob through points around a centre: soft canopies and stones. */
export function blobPath(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  wobble: number,
  n: number,
  rand: () => number,
): string {
  const pts: Point[] = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const k = 1 + (rand() - 0.5) * wobble;
    pts.push({ x: cx + Math.cos(a) * rx * k, y: cy + Math.sin(a) * ry * k });
  }
  // Catmull-Rom through the points, as cubic Béziers.
  let d = `M${r1(pts[0]!.x)} ${r1(pts[0]!.y)}`;
  for (let i = 0; i < n; i++) {
    const p0 = pts[(i - 1 + n) % n]!;
    const p1 = pts[i]!;
    const p2 = pts[(i + 1) % n]!;
    const p3 = pts[(i + 2) % n]!;
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 };
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 };
    d += `C${r1(c1.x)} ${r1(c1.y)} ${r1(c2.x)} ${r1(c2.y)} ${r1(p2.x)} ${r1(p2.y)}`;
  }
  return `${d}Z`;
}

/**
 * A scalloped crown (a tree's canopy as an illustrator draws it): `n` points round an ellipse,
 * joined by curves that bulge outward, so the edge reads as clusters of leaves, in one path.
 */
export function crownPath(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  n: number,
  bulge: number,
  rand: () => number,
): string {
  const pts: Point[] = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 + (rand() - 0.5) * 0.2;
    const k = 0.92 + rand() * 0.12;
    pts.push({ x: cx + Math.cos(a) * rx * k, y: cy + Math.sin(a) * ry * k });
  }
  let d = `M${r1(pts[0]!.x)} ${r1(pts[0]!.y)}`;
  for (let i = 0; i < n; i++) {
    const p = pts[i]!;
    const q = pts[(i + 1) % n]!;
    const mx = (p.x + q.x) / 2;
    const my = (p.y + q.y) / 2;
    const ox = mx - cx;
    const oy = my - cy;
    const len = Math.hypot(ox, oy) || 1;
    const b = bulge * (0.8 + rand() * 0.4) * Math.hypot(q.x - p.x, q.y - p.y);
    d += `Q${r1(mx + (ox / len) * b)} ${r1(my + (oy / len) * b)} ${r1(q.x)} ${r1(q.y)}`;
  }
  return `${d}Z`;
}
