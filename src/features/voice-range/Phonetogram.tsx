import type { RangeProfilePoint } from '../../../dsp/range-types';
import { noteName } from '../../domain/voice/range';
import { axesFor, type Dot } from './phonetogram';
import styles from './VoiceRange.module.css';

const W = 340;
const H = 220;
const PAD = { left: 40, right: 10, top: 12, bottom: 30 };

interface Props {
  /** Live dots, in dB re an RMS of 1 (relative) or dB SPL; relative ones are drawn against `loudest`. */
  dots: Dot[];
  loudest: number;
  levels: 'spl' | 'relative';
  /** The analysed profile, drawn as the area between softest and loudest per note. */
  profile?: RangeProfilePoint[];
  /** What the chart shows, in words (the image's accessible name). */
  label: string;
}

/**
 * The phonetogram: semitones across (note names on the axis), level up. Each live frame is a
 * dot; once analysed, the profile is the shaded area between the softest and loudest level
 * sung on each note.
 */
export function Phonetogram({ dots, loudest, levels, profile, label }: Props) {
  const shift = levels === 'relative' && Number.isFinite(loudest) ? -loudest : 0;
  const shown = dots.map((d) => ({ semitone: d.semitone, db: d.db + shift }));
  const axes = axesFor([...shown.map((d) => d.semitone), ...(profile ?? []).map((p) => p.semitone)], levels, [
    ...shown.map((d) => d.db),
    ...(profile ?? []).flatMap((p) => [p.minDb, p.maxDb]),
  ]);
  const x = (s: number) =>
    PAD.left + ((s - axes.lowSemitone) / (axes.highSemitone - axes.lowSemitone)) * (W - PAD.left - PAD.right);
  const y = (db: number) => {
    const clamped = Math.min(axes.highDb, Math.max(axes.lowDb, db));
    return PAD.top + ((axes.highDb - clamped) / (axes.highDb - axes.lowDb)) * (H - PAD.top - PAD.bottom);
  };
  const octaves: number[] = [];
  for (let s = axes.lowSemitone; s <= axes.highSemitone; s += 12) octaves.push(s);
  const dbTicks: number[] = [];
  for (let d = axes.highDb; d >= axes.lowDb; d -= levels === 'relative' ? 10 : 20) dbTicks.push(d);
  const area = profile && profile.length > 0 ? profileArea(profile, x, y) : null;
  return (
    <figure className={styles.chart}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} data-testid="phonetogram">
        {dbTicks.map((d) => (
          <g key={`db${d}`}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(d)} y2={y(d)} className={styles.grid} />
            <text x={PAD.left - 4} y={y(d) + 4} textAnchor="end" className={styles.axisText}>
              {d}
            </text>
          </g>
        ))}
        {octaves.map((s) => (
          <g key={`st${s}`}>
            <line x1={x(s)} x2={x(s)} y1={PAD.top} y2={H - PAD.bottom} className={styles.grid} />
            <text x={x(s)} y={H - PAD.bottom + 16} textAnchor="middle" className={styles.axisText}>
              {noteName(s)}
            </text>
          </g>
        ))}
        {area && <path d={area} className={styles.area} data-testid="phonetogram-profile" />}
        {shown.map((d) => (
          <circle
            key={`${d.semitone}:${d.db}`}
            cx={x(d.semitone)}
            cy={y(d.db)}
            r={2}
            className={styles.dot}
          />
        ))}
      </svg>
      <figcaption className={styles.axisCaption}>
        notes across, level up (
        {levels === 'spl' ? 'dB SPL at 30 cm' : 'dB against your loudest, 0 = loudest'})
      </figcaption>
    </figure>
  );
}

/** The loudest levels left to right, then the softest right to left: one closed outline. */
function profileArea(profile: RangeProfilePoint[], x: (s: number) => number, y: (db: number) => number) {
  const top = profile.map((p) => `${x(p.semitone).toFixed(1)},${y(p.maxDb).toFixed(1)}`);
  const bottom = [...profile].reverse().map((p) => `${x(p.semitone).toFixed(1)},${y(p.minDb).toFixed(1)}`);
  return `M${[...top, ...bottom].join(' L')} Z`;
}
