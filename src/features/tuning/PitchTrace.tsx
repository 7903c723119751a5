import { useEffect, useRef } from 'react';
import { forEachRecent, ring } from './live-buffer';
import { axisRange, gridlines, yFraction, type AxisRange } from './pitch-axis';
import styles from './Recorder.module.css';

/** Seconds of history across the width of the trace. */
const WINDOW_SEC = 6;
const LABEL_GUTTER = 34;
/** With reduced motion the trace still shows the voice, but steps 4 times a second. */
const REDUCED_INTERVAL_MS = 250;

/**
 * A scrolling pitch line over note-name gridlines. It draws straight from the frame ring on
 * its own animation-frame loop: React renders it once, never per frame.
 */
export function PitchTrace({ active }: { active: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    let raf = 0;
    let lastDraw = 0;
    let lastCount = -1;
    const loop = (now: number) => {
      raf = requestAnimationFrame(loop);
      if (reduced && now - lastDraw < REDUCED_INTERVAL_MS) return;
      if (ring.count === lastCount && lastCount !== -1) return;
      lastDraw = now;
      lastCount = ring.count;
      draw(el, ctx);
    };
    draw(el, ctx);
    if (active) raf = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(raf);
  }, [active]);

  return (
    <canvas
      ref={canvas}
      className={styles.trace}
      data-testid="pitch-trace"
      role="img"
      aria-label="Live pitch trace: your voice's note over the last few seconds, on lines marked with note names"
    />
  );
}

function draw(el: HTMLCanvasElement, ctx: CanvasRenderingContext2D): void {
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
  const line = css.getPropertyValue('--trace-grid').trim() || '#e2dbcf';
  const ink = css.getPropertyValue('--trace-label').trim() || '#5b5866';
  const voice = css.getPropertyValue('--trace-voice').trim() || '#3f6f64';

  const points: Array<[number, number]> = [];
  forEachRecent(ring, (t, s) => points.push([t, s]));
  const range = axisRange(points.map(([, s]) => s));
  const plotW = width - LABEL_GUTTER;
  const y = (s: number, r: AxisRange) => 10 + yFraction(s, r) * (height - 20);

  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  for (const g of gridlines(range)) {
    const gy = y(g.semitone, range);
    ctx.strokeStyle = line;
    ctx.lineWidth = g.major ? 1 : 0.5;
    ctx.beginPath();
    ctx.moveTo(LABEL_GUTTER, gy);
    ctx.lineTo(width, gy);
    ctx.stroke();
    if (g.major) {
      ctx.fillStyle = ink;
      ctx.fillText(g.label, 4, gy);
    }
  }

  if (points.length === 0) {
    const text = 'your pitch line appears here as you sing';
    ctx.font = '13px system-ui, sans-serif';
    const w = ctx.measureText(text).width + 16;
    ctx.fillStyle = css.getPropertyValue('--trace-bg').trim() || '#f7f3ec';
    ctx.fillRect(LABEL_GUTTER + (plotW - w) / 2, height / 2 - 11, w, 22);
    ctx.fillStyle = ink;
    ctx.textAlign = 'center';
    ctx.fillText(text, LABEL_GUTTER + plotW / 2, height / 2);
    ctx.textAlign = 'start';
    return;
  }
  const newest = points[points.length - 1]?.[0] ?? 0;
  const x = (t: number) => LABEL_GUTTER + plotW * (1 - (newest - t) / WINDOW_SEC);
  ctx.strokeStyle = voice;
  ctx.lineWidth = 2.5;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.beginPath();
  let pen = false;
  for (const [t, s] of points) {
    if (newest - t > WINDOW_SEC || Number.isNaN(s)) {
      pen = false;
      continue;
    }
    if (pen) ctx.lineTo(x(t), y(s, range));
    else ctx.moveTo(x(t), y(s, range));
    pen = true;
  }
  ctx.stroke();
}
