import type { GardenLayoutKey, GardenTierKey } from '../../domain/garden';
import { GARDEN_TIERS } from '../../domain/garden';
import { HORIZON, VIEW_H, VIEW_W } from './layouts';
import { crownPath, r1, seeded, tuftPath } from './shapes';

/**
 * What every garden has, whatever has grown: sky, sun (or moon), hills and meadow. The meadow
 * itself grows with the garden tier: more grass, then wildflowers, then a line of woods on the
 * far hills. Generated once at load, per tier, from fixed seeds.
 */

const TIER_INDEX = new Map(GARDEN_TIERS.map((t, i) => [t.key, i]));
export const tierIndex = (tier: GardenTierKey) => TIER_INDEX.get(tier) ?? 0;

const STARS = (() => {
  const rand = seeded(3);
  const all = Array.from({ length: 26 }, () => ({
    x: r1(rand() * VIEW_W),
    y: r1(6 + rand() * 96),
    r: r1(0.5 + rand() * 0.8),
  }));
  // None in the moon's halo.
  return all.filter((s) => Math.hypot(s.x - 296, s.y - 46) > 40).slice(0, 18);
})();

/** Grass tufts over the meadow, nearest last; a tier shows the first few of them. */
const TUFTS = (() => {
  const rand = seeded(7);
  return Array.from({ length: 26 }, () => {
    const y = HORIZON + 14 + rand() * (VIEW_H - HORIZON - 16);
    const near = (y - HORIZON) / (VIEW_H - HORIZON);
    return { d: tuftPath(r1(8 + rand() * (VIEW_W - 16)), r1(y), 4 + near * 7, 3, rand), y };
  });
})();
const TUFTS_PER_TIER = [4, 8, 12, 17, 22, 26];

const WILDFLOWERS = (() => {
  const rand = seeded(13);
  const colours = ['g-petalA', 'g-petalC', 'g-bark', 'g-petalB'];
  return Array.from({ length: 22 }, (_, i) => ({
    x: r1(6 + rand() * (VIEW_W - 12)),
    y: r1(HORIZON + 10 + rand() * (VIEW_H - HORIZON - 14)),
    c: colours[i % colours.length] ?? 'g-bark',
  }));
})();
const WILDFLOWERS_PER_TIER = [0, 0, 10, 14, 18, 22];

/**
 * Woods on the far hills, as one path: a scalloped top along the hill line from x0 to x1, so
 * it reads as distant trees, not as beads. A grove has a wood on the left hill; a forest's
 * woods run the whole way; an ancient garden's stand taller.
 */
function woods(x0: number, x1: number, height: number, seed: number): string {
  const rand = seeded(seed);
  const top: string[] = [];
  // Ends inside the picture taper down to the hill; ends at its edges run on out of it.
  const taper = (x: number) => Math.min(1, x0 <= 0 ? 1 : (x - x0) / 60, x1 >= VIEW_W ? 1 : (x1 - x) / 60);
  for (let x = x0; x <= x1; x += 7 + rand() * 4) {
    const h = height * Math.max(0, taper(x));
    const y = hillY(x) - h * (0.55 + rand() * 0.6);
    const nx = Math.min(x1, x + 3.5 + rand() * 2);
    top.push(`Q${r1(x + 1)} ${r1(y - 5 * taper(x))} ${r1(nx)} ${r1(hillY(nx) - h * (0.4 + rand() * 0.5))}`);
  }
  // The woods stand on the hill: their foot follows the hill's line back.
  const foot: string[] = [];
  for (let x = x1; x > x0; x -= 12) foot.push(`${r1(x)} ${r1(hillY(x) + 0.5)}`);
  return `M${x0} ${r1(hillY(x0) + 0.5)}${top.join('')}L${foot.join('L')}Z`;
}
const WOODS: Record<number, string[]> = {
  3: [woods(0, 190, 13, 19)],
  4: [woods(0, 360, 14, 19)],
  5: [woods(0, 360, 19, 23)],
};

/** The far hill's line at x. */
function hillY(x: number): number {
  return 116 - Math.sin((x / VIEW_W) * Math.PI * 1.6 + 0.4) * 8 - Math.sin((x / VIEW_W) * Math.PI * 4) * 3;
}
const FAR_HILL = (() => {
  const pts = Array.from({ length: 19 }, (_, i) => (i * VIEW_W) / 18).map((x) => `${r1(x)} ${r1(hillY(x))}`);
  return `M0 ${VIEW_H}L${pts.join('L')}L${VIEW_W} ${VIEW_H}Z`;
})();
const NEAR_HILL =
  'M0 136C50 124 100 127 150 135C200 143 250 124 300 127C330 129 350 134 360 133L360 240L0 240Z';
const MEADOW = 'M0 146C80 138 160 143 240 140C300 138 340 144 360 142L360 240L0 240Z';

const PATHS: Record<GardenLayoutKey, string | null> = {
  open: null,
  path: 'M150 240C162 222 196 214 206 196C214 182 188 172 192 160C195 151 204 146 206 142L211 142C210 148 203 153 202 160C200 172 226 182 220 198C212 218 190 226 200 240Z',
  clearing:
    'M40 206C60 184 120 176 186 176C256 176 320 186 332 206C340 222 290 236 186 236C80 236 28 222 40 206Z',
};

const CLOUDS = (() => {
  const rand = seeded(23);
  return [
    [62, 38, 26, 7],
    [150, 62, 18, 5],
    [236, 24, 14, 4],
  ].map(([x, y, rx, ry]) => crownPath(x ?? 0, y ?? 0, rx ?? 0, ry ?? 0, 9, 0.3, rand));
})();

/** The bed the first seed goes into: dug earth with a few furrows, front and centre. */
const BED = {
  earth:
    'M124 226C128 214 150 209 178 209C206 209 226 214 230 226C226 236 206 240 178 240C150 240 128 236 124 226Z',
  furrows: 'M138 222Q178 214 218 222M134 230Q178 222 222 230',
};

export function Sky({ id }: { id: string }) {
  return (
    <>
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" className="s-skyTop" />
          <stop offset="1" className="s-skyBottom" />
        </linearGradient>
        <linearGradient id={`${id}-ground`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" className="s-groundTop" />
          <stop offset="1" className="s-groundBottom" />
        </linearGradient>
        <radialGradient id={`${id}-glow`}>
          <stop offset="0" className="s-glow" />
          <stop offset="1" className="s-glow" stopOpacity="0" />
        </radialGradient>
        <mask id={`${id}-moon`}>
          <rect width={VIEW_W} height={HORIZON} fill="#fff" />
          <circle cx="303" cy="40" r="14" fill="#000" className="g-night" />
        </mask>
      </defs>
      <rect width={VIEW_W} height={VIEW_H} fill={`url(#${id}-sky)`} />
      <g className="g-night">
        {STARS.map((s, i) => (
          <circle key={i} cx={s.x} cy={s.y} r={s.r} className={`g-star${i % 4 === 0 ? ' g-twinkle' : ''}`} />
        ))}
      </g>
      <g className="g-day g-clouds">
        {CLOUDS.map((d) => (
          <path key={d} d={d} className="g-dew" opacity="0.6" />
        ))}
      </g>
      <circle cx="296" cy="46" r="46" fill={`url(#${id}-glow)`} />
      <circle cx="296" cy="46" r="15" className="g-orb" mask={`url(#${id}-moon)`} />
    </>
  );
}

export function Land({ id, tier, layout }: { id: string; tier: GardenTierKey; layout: GardenLayoutKey }) {
  const i = tierIndex(tier);
  const path = PATHS[layout];
  return (
    <>
      <path d={FAR_HILL} className="g-hillFar" />
      {(WOODS[i] ?? []).map((d) => (
        <path key={d} d={d} className="g-treeline" />
      ))}
      <path d={NEAR_HILL} className="g-hillNear" />
      <path d={MEADOW} fill={`url(#${id}-ground)`} />
      {path && (
        <path
          d={path}
          className={layout === 'path' ? 'g-path' : 'g-groundTop'}
          opacity={layout === 'path' ? 0.9 : 0.55}
        />
      )}
      {layout !== 'path' && (
        <>
          <path d={BED.earth} className="g-centre" opacity="0.55" transform="translate(0 1.5)" />
          <path d={BED.earth} className="g-bed" />
          <path
            d={BED.furrows}
            fill="none"
            strokeLinecap="round"
            className="k-centre"
            strokeWidth="1.4"
            opacity="0.3"
          />
        </>
      )}
      <path
        d={TUFTS.slice(0, TUFTS_PER_TIER[i])
          .map((t) => t.d)
          .join('')}
        fill="none"
        strokeLinecap="round"
        className="k-leafDark"
        strokeWidth="1"
        opacity="0.55"
      />
      {WILDFLOWERS.slice(0, WILDFLOWERS_PER_TIER[i]).map((f) => (
        <circle key={`${f.x}-${f.y}`} cx={f.x} cy={f.y} r="1.3" className={f.c} />
      ))}
    </>
  );
}

/** A petal drifting across the garden on the breeze, once flowers grow (only with motion allowed). */
export function DriftingPetal({ tier }: { tier: GardenTierKey }) {
  if (tierIndex(tier) < 2) return null;
  return (
    <g transform="translate(330 120)">
      <path className="g-petalA g-drift" d="M0 0C2-2 5-2 6 0C5 2 2 2 0 0Z" />
    </g>
  );
}
