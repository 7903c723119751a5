import { useEffect, useRef } from 'react';
import type { MeterSample, VoiceMeter } from './use-voice-meter';
import { METER_HISTORY } from './use-voice-meter';
import styles from './Templates.module.css';

const PITCH_LOW = 80;
const PITCH_HIGH = 800;

/** Pitch on a log scale (as we hear it) from 80 Hz at the bottom to 800 Hz at the top. */
function pitchY(f0: number, height: number): number {
  const t = Math.log(f0 / PITCH_LOW) / Math.log(PITCH_HIGH / PITCH_LOW);
  return height - Math.min(1, Math.max(0, t)) * height;
}

function drawVoice(ctx: CanvasRenderingContext2D, w: number, h: number, samples: MeterSample[]) {
  const step = w / METER_HISTORY;
  const offset = METER_HISTORY - samples.length;
  const mid = h / 2;
  ctx.fillStyle = 'rgb(63 111 100 / 35%)';
  samples.forEach((s, i) => {
    const amp = Math.max(1, s.level * (h * 0.9)) / 2;
    ctx.fillRect((offset + i) * step, mid - amp, Math.max(1, step - 0.5), amp * 2);
  });
  ctx.strokeStyle = '#c8664d';
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  let drawing = false;
  samples.forEach((s, i) => {
    if (s.f0 === null) {
      drawing = false;
      return;
    }
    const x = (offset + i) * step;
    const y = pitchY(s.f0, h);
    if (drawing) ctx.lineTo(x, y);
    else ctx.moveTo(x, y);
    drawing = true;
  });
  ctx.stroke();
}

/** Without a microphone: a slow, plainly decorative breathing wave (still when motion is reduced). */
function drawIdle(ctx: CanvasRenderingContext2D, w: number, h: number, t: number) {
  const breath = 0.5 + 0.5 * Math.sin(t / 1600);
  ctx.strokeStyle = 'rgb(141 127 184 / 55%)';
  ctx.lineWidth = 2;
  ctx.beginPath();
  for (let x = 0; x <= w; x += 4) {
    const y = h / 2 + Math.sin(x / 38 + t / 900) * (6 + breath * h * 0.18);
    if (x === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.stroke();
}

/**
 * The session's "waveform": the member's own voice (level as bars, pitch as a line) when the
 * microphone is on; otherwise an idle wave and an honest hint that it is not listening.
 */
export function VoiceView({ meter, paused }: { meter: VoiceMeter; paused: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const live = meter.status === 'on';

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    let raf = 0;
    const frame = (t: number) => {
      const dpr = window.devicePixelRatio || 1;
      const w = el.clientWidth;
      const h = el.clientHeight;
      if (el.width !== Math.round(w * dpr)) el.width = Math.round(w * dpr);
      if (el.height !== Math.round(h * dpr)) el.height = Math.round(h * dpr);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, w, h);
      if (live) drawVoice(ctx, w, h, meter.samples);
      else drawIdle(ctx, w, h, reduced || paused ? 0 : t);
      if (live || !(reduced || paused)) raf = requestAnimationFrame(frame);
    };
    raf = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(raf);
  }, [live, paused, meter.samples]);

  return (
    <div className={styles.voice}>
      <canvas
        ref={canvas}
        className={styles.voiceCanvas}
        role="img"
        aria-label={live ? 'Your voice: level and pitch, live' : 'Microphone off: a resting wave'}
        data-testid="voice-view"
        data-live={live ? 'true' : 'false'}
      />
      {live ? (
        <p className={styles.voiceNote}>
          <span className={styles.dotLive} aria-hidden /> Listening: bars are your level, the line your pitch.{' '}
          <button type="button" className={styles.linkButton} onClick={meter.stop}>
            Turn off
          </button>
        </p>
      ) : (
        <div className={styles.voiceNote}>
          {meter.status === 'failed' && meter.error ? (
            <p role="alert" className={styles.error}>
              {meter.error.headline}
              {meter.error.hint ? ` ${meter.error.hint}` : ''}
            </p>
          ) : (
            <p>
              The microphone is off, so this wave is only resting. Turn it on to see your own voice while you
              follow each step; the sound never leaves this device.
            </p>
          )}
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={meter.start}
            disabled={meter.status === 'starting'}
          >
            {meter.status === 'starting' ? 'Starting microphone…' : 'Turn on microphone'}
          </button>
        </div>
      )}
    </div>
  );
}
