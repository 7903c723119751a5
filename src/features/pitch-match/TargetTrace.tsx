import { useEffect, useRef } from 'react';
import type { TargetNote } from '../../domain/pitch-target/types';
import { hzToSemitone } from '../tuning/format';
import type { TakeBuffer } from './take-buffer';
import { BAND_SEMITONES, layoutTarget, xOf, yOf, type TraceLayout } from './target-geometry';
import styles from './PitchMatch.module.css';

const GUTTER = 8;
/** With reduced motion the voice line still follows, 4 times a second. */
const REDUCED_INTERVAL_MS = 250;

interface Props {
  notes: readonly TargetNote[];
  buffer: TakeBuffer;
  live: boolean;
}

/**
 * The target's note bars (each a band of ±50 cents, labelled with its note) and the voice's
 * pitch line over them, drawn straight from the take's frames on an animation-frame loop: the
 * line is as current as the newest frame, and React renders this once per take.
 */
export function TargetTrace({ notes, buffer, live }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx) return;
    const layout = layoutTarget(notes);
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    let raf = 0;
    let drawnCount = -1;
    let drawnAt = 0;
    const loop = (now: number) => {
      raf = requestAnimationFrame(loop);
      if (buffer.count === drawnCount) return;
      if (reduced && now - drawnAt < REDUCED_INTERVAL_MS) return;
      drawnCount = buffer.count;
      drawnAt = now;
      draw(el, ctx, layout, buffer);
    };
    draw(el, ctx, layout, buffer);
    if (live) raf = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(raf);
  }, [notes, buffer, live]);

  const names = notes.filter((n) => n.hz !== null).map((n) => n.name);
  return (
    <canvas
      ref={canvas}
      className={styles.trace}
      data-testid="target-trace"
      role="img"
      aria-label={`The target notes ${names.join(', ')} as bars, with your voice's pitch drawn over them as you sing`}
    />
  );
}

function draw(el: HTMLCanvasElement, ctx: CanvasRenderingContext2D, l: TraceLayout, buf: TakeBuffer): void {
  const dpr = window.devicePixelRatio || 1;
  const width = el.clientWidth;
  const height = el.clientHeight;
  if (el.width !== Math.round(width * dpr) || el.height !== Math.round(height * dpr)) {
    el.width = Math.round(width * dpr);
    el.height = Math.round(height * dpr);
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  const css = getComputedStyle(el);
  const colour = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const bar = colour('--target-bar', '#dcebe5');
  const barEdge = colour('--target-bar-edge', '#2f574e');
  const ink = colour('--target-label', '#24232b');
  const voice = colour('--target-voice', '#c8664d');
  const plotW = width - 2 * GUTTER;
  const plotH = height - 2 * GUTTER;
  const X = (t: number) => GUTTER + xOf(t, l) * plotW;
  const Y = (s: number) => GUTTER + yOf(s, l) * plotH;

  // The note bars: a band of ±50 cents around each note (sloped for a glide), its name above.
  ctx.font = '600 12px system-ui, sans-serif';
  ctx.textBaseline = 'bottom';
  for (const b of l.bars) {
    ctx.fillStyle = bar;
    ctx.strokeStyle = barEdge;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(X(b.start), Y(b.from + BAND_SEMITONES));
    ctx.lineTo(X(b.end), Y(b.to + BAND_SEMITONES));
    ctx.lineTo(X(b.end), Y(b.to - BAND_SEMITONES));
    ctx.lineTo(X(b.start), Y(b.from - BAND_SEMITONES));
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = ink;
    ctx.fillText(b.label, X(b.start) + 2, Y(Math.max(b.from, b.to) + BAND_SEMITONES) - 2);
  }

  // Where the target starts, and where the take is now.
  ctx.strokeStyle = barEdge;
  ctx.setLineDash([3, 4]);
  ctx.beginPath();
  ctx.moveTo(X(0), GUTTER);
  ctx.lineTo(X(0), height - GUTTER);
  ctx.stroke();
  ctx.setLineDash([]);
  if (buf.count > 0) {
    const now = (buf.times[buf.count - 1] ?? 0) - buf.offset;
    ctx.strokeStyle = ink;
    ctx.globalAlpha = 0.35;
    ctx.beginPath();
    ctx.moveTo(X(now), GUTTER);
    ctx.lineTo(X(now), height - GUTTER);
    ctx.stroke();
    ctx.globalAlpha = 1;
  }

  // The voice: one line through the voiced frames, broken where the voice stopped.
  ctx.strokeStyle = voice;
  ctx.lineWidth = 3;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.beginPath();
  let pen = false;
  for (let i = 0; i < buf.count; i++) {
    const f0 = buf.f0s[i] ?? Number.NaN;
    const t = (buf.times[i] ?? 0) - buf.offset;
    if (Number.isNaN(f0) || t < l.t0) {
      pen = false;
      continue;
    }
    const x = X(t);
    const y = Y(hzToSemitone(f0));
    if (pen) ctx.lineTo(x, y);
    else ctx.moveTo(x, y);
    pen = true;
  }
  ctx.stroke();
}
