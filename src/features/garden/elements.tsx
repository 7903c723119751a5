import type { ReactElement } from 'react';
import type { GardenElementKey } from '../../domain/garden';
import { HORIZON, VIEW_H, type Slot } from './layouts';
import { crownPath, leafPath, onQuad, r1, seeded, tuftPath } from './shapes';

/**
 * The twenty garden elements, each drawn in its own coordinates: (0, 0) is where it meets the
 * ground, up is negative. The scene moves and scales it into its place. Generated shapes
 * (fronds, canopies, buds) are computed once, when this module loads, so a render only
 * places ready-made markup. Colours are roles (`g-leaf` fills, `k-leaf` strokes) that the
 * palette's stylesheet colours by day and by night.
 */

const line = { fill: 'none', strokeLinecap: 'round' as const };

function FirstSeed() {
  return (
    <g>
      <path d="M-9 0Q-5-4.6 0-5Q5-4.6 9 0Z" className="g-centre" opacity="0.45" />
      <ellipse cx="-1" cy="-5.6" rx="3.6" ry="2.4" transform="rotate(-18 -1 -5.6)" className="g-centre" />
      <g className="g-sway">
        <path d="M0-7C0-12 1-15 4-17" {...line} className="k-leaf" strokeWidth="1.5" />
        <path d={leafPath(4, -17, 7, 4, -20)} className="g-leafLight" />
        <path d={leafPath(3, -16, 5, 3, -150)} className="g-leaf" />
      </g>
    </g>
  );
}

/** Fine blades arching out of one root, each with a drop of dew hanging at its tip. */
const DEW_BLADES = [-16, -9, -3, 3, 9, 15].map((lean, i) => {
  const h = 13 + ((i * 5) % 7);
  const tip = { x: lean, y: -h };
  return { d: `M${r1(lean * 0.15)} 0Q${r1(lean * 0.2)} ${r1(-h * 0.9)} ${tip.x} ${tip.y}`, tip };
});
function MorningDew() {
  return (
    <g>
      <path d={DEW_BLADES.map((b) => b.d).join('')} {...line} className="k-leaf" strokeWidth="1.1" />
      <g className="g-glint">
        {DEW_BLADES.filter((_, i) => i !== 2).map(({ tip }) => (
          <g key={tip.x}>
            <circle cx={tip.x} cy={tip.y + 1.6} r="1.5" className="g-waterLight" />
            <circle cx={tip.x - 0.5} cy={tip.y + 1.1} r="0.55" className="g-dew" />
          </g>
        ))}
      </g>
    </g>
  );
}

const TREFOILS = [
  [-11, -3, 1],
  [-4, -6, 0.9],
  [3, -3, 1.1],
  [10, -5, 0.9],
  [-7, 0, 0.8],
  [7, 0, 0.85],
] as const;
function CloverPatch() {
  return (
    <g>
      {TREFOILS.map(([x, y, k], i) => (
        <g key={i} transform={`translate(${x} ${y}) scale(${k})`}>
          <path d="M0 0V3" {...line} className="k-leaf" strokeWidth="0.8" />
          {[-90, 30, 150].map((a) => (
            <circle
              key={a}
              cx={r1(Math.cos((a * Math.PI) / 180) * 2.3)}
              cy={r1(Math.sin((a * Math.PI) / 180) * 2.3)}
              r="2.5"
              className={i % 2 ? 'g-leafLight' : 'g-leaf'}
            />
          ))}
        </g>
      ))}
      <path d="M1-6Q1-11 0-13" {...line} className="k-leaf" strokeWidth="0.8" />
      <circle cx="0" cy="-14" r="2.8" className="g-bark" />
      <circle cx="0" cy="-14.6" r="1.4" className="g-petalA" opacity="0.35" />
    </g>
  );
}

function SmoothPebbles() {
  const pebbles = [
    [-8, -2.6, 6.5, 3.8, 'g-stone'],
    [3, -2.2, 5.2, 3.2, 'g-stoneDark'],
    [10.5, -1.6, 3.8, 2.4, 'g-stone'],
    [-1.5, -1.2, 3, 1.8, 'g-path'],
  ] as const;
  return (
    <g>
      {pebbles.map(([x, y, rx, ry, c]) => (
        <g key={`${x}`}>
          <ellipse cx={x} cy={y} rx={rx} ry={ry} className={c} />
          <ellipse
            cx={x - rx * 0.25}
            cy={y - ry * 0.4}
            rx={rx * 0.45}
            ry={ry * 0.3}
            className="g-bark"
            opacity="0.45"
          />
        </g>
      ))}
    </g>
  );
}

const STEPS = [
  [0, 0, 11, 3.6],
  [-9, -9, 9, 3],
  [-2, -17, 7.5, 2.5],
  [-8, -24, 6, 2],
  [-3, -30, 4.8, 1.6],
] as const;
function SteppingStones() {
  return (
    <g>
      {STEPS.map(([x, y, rx, ry]) => (
        <g key={`${y}`}>
          <ellipse cx={x} cy={y + ry * 0.35} rx={rx} ry={ry} className="g-stoneDark" />
          <ellipse cx={x} cy={y} rx={rx} ry={ry} className="g-path" />
        </g>
      ))}
    </g>
  );
}

/** A frond: a curved stem with leaflets on both sides that shorten toward the tip. */
function frond(tipX: number, tipY: number, bend: number, size: number): string {
  const p0 = { x: 0, y: 0 };
  const p1 = { x: tipX, y: tipY };
  const c = { x: tipX * 0.3 + bend, y: tipY * 0.6 };
  let d = `M0 0Q${r1(c.x)} ${r1(c.y)} ${r1(tipX)} ${r1(tipY)}`;
  for (let i = 1; i <= 9; i++) {
    const t = 0.12 + i * 0.085;
    const { p, n } = onQuad(p0, c, p1, t);
    const len = size * (1 - t) * 1.1 + 1;
    for (const side of [1, -1]) {
      const ex = p.x + n.x * len * side + (p1.x - p0.x) * 0.03;
      const ey = p.y + n.y * len * side - 1.4;
      d += `M${r1(p.x)} ${r1(p.y)}L${r1(ex)} ${r1(ey)}`;
    }
  }
  return d;
}
const FRONDS = [frond(-16, -20, -6, 7), frond(2, -28, 6, 8), frond(17, -18, 6, 7)];
function UnfurlingFern() {
  return (
    <g className="g-sway">
      {FRONDS.map((d, i) => (
        <path key={i} d={d} {...line} className={i === 1 ? 'k-leafDark' : 'k-leaf'} strokeWidth="1.2" />
      ))}
      <path
        d="M6 0C7-8 10-14 10-19A3.6 3.6 0 1 0 6.4-22.6A1.8 1.8 0 1 0 8.2-21"
        {...line}
        className="k-leafLight"
        strokeWidth="1.4"
      />
    </g>
  );
}

const SUN_PETALS = Array.from({ length: 14 }, (_, i) => (i * 360) / 14);
function Sunflower() {
  return (
    <g className="g-sway">
      <path d="M0 0Q2-30-1-58" {...line} className="k-leafDark" strokeWidth="2.2" />
      <path d={leafPath(1, -20, 13, 7, -25)} className="g-leaf" />
      <path d={leafPath(0, -33, 11, 6, -160)} className="g-leafDark" />
      <g transform="translate(-1 -60) rotate(-8)">
        {SUN_PETALS.map((a) => (
          <ellipse
            key={a}
            cx="0"
            cy="-8.2"
            rx="2.6"
            ry="5.6"
            transform={`rotate(${r1(a)})`}
            className="g-petalC"
          />
        ))}
        <circle r="6.2" className="g-centre" />
        <circle r="3.4" cx="-0.8" cy="-0.8" className="g-trunk" opacity="0.6" />
      </g>
    </g>
  );
}

const LAVENDER = [-10, -6, -2, 2, 6, 10].map((dx, i) => {
  const h = 30 + ((i * 7) % 11);
  const tipX = dx * 1.6;
  const buds = Array.from({ length: 6 }, (_, j) => {
    const t = 0.6 + j * 0.075;
    return { x: r1(tipX * t), y: r1(-h * t), r: r1(2.3 - j * 0.18) };
  });
  return { d: `M0 0Q${r1(dx * 0.2)} ${r1(-h * 0.5)} ${r1(tipX)} ${r1(-h)}`, buds };
});
function Lavender() {
  return (
    <g className="g-sway">
      {LAVENDER.map((s, i) => (
        <g key={i}>
          <path d={s.d} {...line} className="k-leafLight" strokeWidth="1" />
          {s.buds.map((b) => (
            <ellipse key={b.y} cx={b.x} cy={b.y} rx={b.r * 0.8} ry={b.r * 1.25} className="g-petalB" />
          ))}
        </g>
      ))}
      <path d={leafPath(0, 0, 10, 3, -140)} className="g-leafLight" />
      <path d={leafPath(0, 0, 10, 3, -40)} className="g-leafLight" />
    </g>
  );
}

const POPPIES = [
  { x: -9, y: -27, stem: 'M0 0Q-2-14-9-27', k: 1 },
  { x: 4, y: -36, stem: 'M0 0Q5-18 4-36', k: 1.1 },
  { x: 13, y: -21, stem: 'M0 0Q8-8 13-21', k: 0.9 },
];
function WildPoppies() {
  return (
    <g className="g-sway">
      {POPPIES.map((p) => (
        <path key={p.x} d={p.stem} {...line} className="k-leaf" strokeWidth="1.1" />
      ))}
      <path d="M0 0Q-8-10-14-14" {...line} className="k-leaf" strokeWidth="1" />
      <ellipse
        cx="-14.5"
        cy="-15.5"
        rx="2"
        ry="3"
        transform="rotate(-40 -14.5 -15.5)"
        className="g-leafLight"
      />
      {POPPIES.map((p) => (
        <g key={p.x} transform={`translate(${p.x} ${p.y}) scale(${p.k})`}>
          <ellipse cx="0" cy="-2.6" rx="4.6" ry="3.4" className="g-petalA" opacity="0.8" />
          <ellipse cx="-3" cy="0" rx="3.6" ry="3.8" className="g-petalA" />
          <ellipse cx="3" cy="0" rx="3.6" ry="3.8" className="g-petalA" />
          <ellipse cx="0" cy="-0.9" rx="1.7" ry="1.2" className="g-centre" />
        </g>
      ))}
      <path d={leafPath(0, 0, 9, 4, -120)} className="g-leaf" />
    </g>
  );
}

function Butterfly() {
  return (
    <g className="g-hover">
      <g className="g-flutter">
        <path d="M0-1C-4-9-12-10-12-5C-12-1-6 0 0-1Z" className="g-petalC" />
        <path d="M0-1C4-9 12-10 12-5C12-1 6 0 0-1Z" className="g-petalC" />
        <path d="M0 0C-4 1-9 5-7 8C-5 9-1 5 0 0Z" className="g-petalA" />
        <path d="M0 0C4 1 9 5 7 8C5 9 1 5 0 0Z" className="g-petalA" />
        <circle cx="-8" cy="-5.5" r="1.2" className="g-wing" />
        <circle cx="8" cy="-5.5" r="1.2" className="g-wing" />
      </g>
      <ellipse cx="0" cy="0" rx="0.9" ry="4.4" className="g-wing" />
      <path d="M0-4Q-1.5-8-3.5-9M0-4Q1.5-8 3.5-9" {...line} className="k-bird" strokeWidth="0.5" />
    </g>
  );
}

const birchRand = seeded(5);
const BIRCH = {
  crown: crownPath(0, -80, 19, 27, 11, 0.32, birchRand),
  side: crownPath(-12, -62, 10, 11, 7, 0.35, birchRand),
  light: crownPath(-6, -88, 9, 12, 7, 0.3, birchRand),
};
function YoungBirch() {
  return (
    <g>
      <path d="M-2.2 0L-1.2-84L1.2-84L2.2 0Z" className="g-bark" />
      {[-10, -24, -37, -49].map((y, i) => (
        <rect
          key={y}
          x={i % 2 ? -1.8 : -0.2}
          y={y}
          width="2"
          height="1.1"
          rx="0.55"
          className="g-wing"
          opacity="0.75"
        />
      ))}
      <path d="M0-48L-10-58M0-58L9-67" {...line} className="k-trunk" strokeWidth="1" />
      <g className="g-sway-slow">
        <path d={BIRCH.side} className="g-birch" />
        <path d={BIRCH.crown} className="g-birch" />
        <path d={BIRCH.light} className="g-leafLight" opacity="0.6" />
        <path d="M-1-60L-1-84" {...line} className="k-trunk" strokeWidth="0.8" opacity="0.5" />
      </g>
    </g>
  );
}

function LittlePond() {
  return (
    <g>
      <ellipse cx="0" cy="0" rx="48" ry="12.5" className="g-groundBottom" />
      <ellipse cx="0" cy="0.6" rx="45" ry="11" className="g-water" />
      <ellipse cx="-4" cy="-3" rx="30" ry="5" className="g-waterLight" opacity="0.4" />
      <g className="g-ripple">
        <ellipse cx="8" cy="2" rx="9" ry="2" {...line} className="k-waterLight" strokeWidth="0.7" />
        <ellipse cx="8" cy="2" rx="4" ry="0.9" {...line} className="k-waterLight" strokeWidth="0.6" />
      </g>
      <path d="M20 3a5 2 0 1 0 -1-3.8l-3 1.8z" className="g-leaf" />
      <path d="M-14 6a4 1.6 0 1 0 -1-3l-2.4 1.5z" className="g-leafLight" />
      <circle cx="-18" cy="3.6" r="1.4" className="g-bark" />
      <path d="M-40 1L-42-16M-37 2L-36-20M-34 2L-30-13" {...line} className="k-leafDark" strokeWidth="1" />
      <rect x="-43" y="-19" width="2.2" height="6" rx="1.1" className="g-trunk" />
      <rect x="-37.1" y="-24" width="2.2" height="6" rx="1.1" className="g-trunk" />
    </g>
  );
}

function MossyStone() {
  return (
    <g>
      <path d="M-17 0C-18-10-10-18 0-18C11-18 18-10 17 0Z" className="g-stone" />
      <path d="M4 0C12-2 15-6 15-10C18-5 18-2 17 0Z" className="g-stoneDark" opacity="0.7" />
      <path d="M-13-10C-8-19 7-20 13-12C7-14-6-15-13-10Z" className="g-moss" />
      <path d="M-15-6C-14-9-11-10-9-9C-11-8-13-7-15-6Z" className="g-moss" />
      <path d={tuftPath(-16, 1, 8, 4, seeded(9))} {...line} className="k-leaf" strokeWidth="1" />
    </g>
  );
}

const mapleRand = seeded(21);
const MAPLE = {
  crown: crownPath(0, -62, 27, 22, 12, 0.34, mapleRand),
  light: crownPath(-7, -70, 14, 10, 8, 0.3, mapleRand),
  shade: crownPath(6, -52, 18, 9, 8, 0.3, mapleRand),
};
function MapleTree() {
  return (
    <g>
      <path d="M-3.5 0C-2.5-16-2.5-30-2-48L2-48C2.5-30 2.5-16 3.5 0Z" className="g-trunk" />
      <path d="M-1-38L-13-50M1-42L13-54" {...line} className="k-trunk" strokeWidth="2" />
      <g className="g-sway-slow">
        <path d={MAPLE.crown} className="g-maple" />
        <path d={MAPLE.shade} className="g-centre" opacity="0.14" />
        <path d={MAPLE.light} className="g-petalC" opacity="0.2" />
      </g>
    </g>
  );
}

const PINE = [0, 1, 2, 3].map((i) => {
  const base = -14 - i * 20;
  const half = 22 - i * 4.6;
  const top = base - 30 + i * 2;
  return {
    d: `M${r1(-half)} ${r1(base)}Q0 ${r1(base + 4)} ${r1(half)} ${r1(base)}L1 ${r1(top)}Q0 ${r1(top - 1.5)} -1 ${r1(top)}Z`,
    shade: `M0 ${r1(base + 2)}Q${r1(half * 0.6)} ${r1(base + 2)} ${r1(half)} ${r1(base)}L1 ${r1(top)}Z`,
  };
});
function TallPine() {
  return (
    <g>
      <rect x="-2.4" y="-18" width="4.8" height="18" className="g-trunk" />
      <g className="g-sway-slow">
        {PINE.map((p, i) => (
          <g key={i}>
            <path d={p.d} className="g-pine" />
            <path d={p.shade} className="g-centre" opacity="0.18" />
          </g>
        ))}
      </g>
    </g>
  );
}

function Songbird() {
  return (
    <g className="g-hover">
      <path d="M-7 1L-15-2L-14 3Z" className="g-wing" />
      <ellipse cx="0" cy="0" rx="8" ry="5.4" className="g-bird" />
      <ellipse cx="3" cy="1.6" rx="4.6" ry="3.4" className="g-birdBreast" />
      <circle cx="6" cy="-4" r="4" className="g-bird" />
      <circle cx="7.2" cy="-5" r="0.8" className="g-dew" />
      <path d="M9.6-4.8L13-6.2L10-3.6ZM9.8-3.4L12.6-2.4L9.8-2.6Z" className="g-petalC" />
      <path d="M-4-2C-2-10 2-12 4-11C3-6 0-2-4-2Z" className="g-wing" />
      <path
        d="M15-7q2.5-2 2.4-5M17.6-4q3.4-2.6 3.2-7.4"
        {...line}
        className="k-bird"
        strokeWidth="0.9"
        opacity="0.7"
      />
    </g>
  );
}

const TUBES = [
  [-6, 10],
  [-3, 15],
  [0, 12],
  [3, 17],
  [6, 11],
] as const;
function WindChimes() {
  return (
    <g>
      <path d="M0 0V-58Q0-66 8-66Q15-66 15-60" {...line} className="k-trunk" strokeWidth="2" />
      <g className="g-chime" transform="translate(15 -60)">
        <path d="M0 0V5" {...line} className="k-trunk" strokeWidth="0.6" />
        <ellipse cx="0" cy="5.5" rx="8" ry="1.6" className="g-trunk" />
        {TUBES.map(([x, h]) => (
          <g key={x}>
            <path d={`M${x} 6V9`} {...line} className="k-trunk" strokeWidth="0.4" />
            <rect x={x - 0.9} y="9" width="1.8" height={h} rx="0.6" className="g-chime" />
          </g>
        ))}
        <path d="M0 6V22" {...line} className="k-trunk" strokeWidth="0.4" />
        <path d="M-2 22h4l-2 6z" className="g-petalB" />
      </g>
      <path d={tuftPath(0, 1, 7, 4, seeded(17))} {...line} className="k-leaf" strokeWidth="1" />
    </g>
  );
}

const FIREFLIES = (() => {
  const rand = seeded(31);
  return Array.from({ length: 9 }, () => ({ x: r1((rand() - 0.5) * 190), y: r1(-8 - rand() * 60) }));
})();
function Fireflies() {
  return (
    <g>
      {FIREFLIES.map((f, i) => (
        <g key={i} className={`g-blink g-blink${i % 3}`}>
          <circle cx={f.x} cy={f.y} r="4" className="g-firefly" opacity="0.22" />
          <circle cx={f.x} cy={f.y} r="1.3" className="g-firefly" />
        </g>
      ))}
    </g>
  );
}

const oakRand = seeded(41);
const OAK = {
  crown: crownPath(0, -76, 58, 36, 16, 0.3, oakRand),
  left: crownPath(-40, -60, 20, 15, 8, 0.32, oakRand),
  right: crownPath(42, -62, 20, 14, 8, 0.32, oakRand),
  light: crownPath(-14, -90, 30, 17, 11, 0.3, oakRand),
};
function AncientOak() {
  return (
    <g>
      <path
        d="M-11 0C-8-12-9-30-7-44L-24-58L-20-61L-3-50L0-64L4-64L4-50L22-61L26-58L8-44C9-30 8-12 11 0C15 1 18 2 21 3L-21 3C-18 2-15 1-11 0Z"
        className="g-trunk"
      />
      <g className="g-sway-slow">
        <path d={OAK.left} className="g-oak" />
        <path d={OAK.right} className="g-oak" />
        <path d={OAK.crown} className="g-oak" />
        <path d={OAK.light} className="g-oakLight" opacity="0.75" />
      </g>
      <path
        d="M-6-30Q-3-26-5-20M5-22Q7-17 5-12"
        {...line}
        className="k-centre"
        strokeWidth="0.8"
        opacity="0.35"
      />
    </g>
  );
}

/**
 * The stream runs from the hills to the bottom edge through its place (x, y): it is drawn in
 * the scene's own coordinates, narrow in the distance and wide in front.
 */
function streamPaths(slot: Slot) {
  const { x, y } = slot;
  const top = { x: x - 34, y: HORIZON + 2 };
  const bottom = { x: x + 22, y: VIEW_H + 2 };
  const w = (yy: number) => 2 + ((yy - HORIZON) / (VIEW_H - HORIZON)) * 26;
  const at = (yy: number) => {
    if (yy <= y) {
      const t = (yy - top.y) / (y - top.y);
      return top.x + (x - top.x) * t + Math.sin(t * Math.PI) * 16;
    }
    const t = (yy - y) / (bottom.y - y);
    return x + (bottom.x - x) * t - Math.sin(t * Math.PI) * 14;
  };
  const ys = Array.from({ length: 11 }, (_, i) => top.y + ((bottom.y - top.y) * i) / 10);
  const left = ys.map((yy) => `${r1(at(yy) - w(yy) / 2)} ${r1(yy)}`);
  const right = ys.map((yy) => `${r1(at(yy) + w(yy) / 2)} ${r1(yy)}`).reverse();
  const mid = (k: number) => ys.slice(2).map((yy) => `${r1(at(yy) + w(yy) * k)} ${r1(yy)}`);
  return {
    body: `M${left.join('L')}L${right.join('L')}Z`,
    bank: `M${ys.map((yy) => `${r1(at(yy) + w(yy) / 2 + 1.2)} ${r1(yy + 1)}`).join('L')}`,
    lines: [mid(-0.18), mid(0.16)].map((pts) => `M${pts.join('L')}`),
  };
}

function FlowingStream({ slot }: { slot: Slot }) {
  const s = streamPaths(slot);
  return (
    <g>
      <path d={s.bank} {...line} className="k-leafDark" strokeWidth="1.6" opacity="0.5" />
      <path d={s.body} className="g-water" />
      {s.lines.map((d) => (
        <path
          key={d}
          d={d}
          {...line}
          className="k-waterLight g-flow"
          strokeWidth="0.9"
          strokeDasharray="6 9"
        />
      ))}
    </g>
  );
}

const DRAW: Record<Exclude<GardenElementKey, 'flowing_stream'>, () => ReactElement> = {
  first_seed: FirstSeed,
  morning_dew: MorningDew,
  clover_patch: CloverPatch,
  smooth_pebbles: SmoothPebbles,
  stepping_stones: SteppingStones,
  unfurling_fern: UnfurlingFern,
  sunflower: Sunflower,
  lavender: Lavender,
  wild_poppies: WildPoppies,
  butterfly: Butterfly,
  young_birch: YoungBirch,
  little_pond: LittlePond,
  mossy_stone: MossyStone,
  maple_tree: MapleTree,
  tall_pine: TallPine,
  songbird: Songbird,
  wind_chimes: WindChimes,
  fireflies: Fireflies,
  ancient_oak: AncientOak,
};

/** One element in its place: moved, scaled and (for variety) mirrored. */
export function GardenElementShape({ elementKey, slot }: { elementKey: GardenElementKey; slot: Slot }) {
  if (elementKey === 'flowing_stream')
    return (
      <g data-element={elementKey}>
        <FlowingStream slot={slot} />
      </g>
    );
  const Draw = DRAW[elementKey];
  const sx = slot.flip ? -slot.s : slot.s;
  return (
    <g data-element={elementKey} transform={`translate(${slot.x} ${slot.y}) scale(${sx} ${slot.s})`}>
      <Draw />
    </g>
  );
}
