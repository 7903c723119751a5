import type { GardenPaletteKey } from '../../domain/garden';

/**
 * The garden's colours. Every shape of the scene carries one role as its class (`g-leaf`…);
 * a palette gives each role a colour by day and by night, and the scene's own <style> picks
 * the night colours under `prefers-color-scheme: dark`. Night is not a darkened day: the sky,
 * the moon, the stars and the fireflies have their own colours, and the rest of the garden is
 * the day colour seen through the palette's night air (mixed toward `nightAir`).
 */
export const ROLES = [
  'skyTop',
  'skyBottom',
  'glow',
  'orb',
  'star',
  'hillFar',
  'hillNear',
  'treeline',
  'groundTop',
  'groundBottom',
  'bed',
  'path',
  'stone',
  'stoneDark',
  'moss',
  'leaf',
  'leafDark',
  'leafLight',
  'trunk',
  'bark',
  'petalA',
  'petalB',
  'petalC',
  'centre',
  'water',
  'waterLight',
  'birch',
  'maple',
  'pine',
  'oak',
  'oakLight',
  'bird',
  'birdBreast',
  'wing',
  'firefly',
  'dew',
  'chime',
] as const;
export type Role = (typeof ROLES)[number];
export type Colours = Record<Role, string>;

/** Roles also drawn as lines (`k-…`: stems, ripples, strings) or as gradient stops (`s-…`). */
const STROKE_ROLES: readonly Role[] = [
  'leaf',
  'leafDark',
  'leafLight',
  'trunk',
  'waterLight',
  'chime',
  'stoneDark',
  'bird',
  'centre',
];
const STOP_ROLES: readonly Role[] = [
  'skyTop',
  'skyBottom',
  'glow',
  'groundTop',
  'groundBottom',
  'water',
  'firefly',
];
const FILL_ROLES: readonly Role[] = ROLES;

type NightOwn = Pick<
  Colours,
  'skyTop' | 'skyBottom' | 'glow' | 'orb' | 'star' | 'firefly' | 'dew' | 'waterLight'
>;

interface PaletteSource {
  day: Colours;
  nightAir: string;
  /** How much of the night air lies over the garden (0-1). */
  nightDepth: number;
  night: NightOwn;
}

/** #rrggbb a share `t` of the way to #rrggbb b. */
export function mix(a: string, b: string, t: number): string {
  const ch = (hex: string, i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const out = [0, 1, 2].map((i) => Math.round(ch(a, i) + (ch(b, i) - ch(a, i)) * t));
  return `#${out.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Colours shared by every day palette. */
const DAY_LIGHTS = { dew: '#ffffff', star: '#ffffff' };

const SOURCES: Record<GardenPaletteKey, PaletteSource> = {
  meadow: {
    day: {
      ...DAY_LIGHTS,
      skyTop: '#bfdcd6',
      skyBottom: '#f8f0e1',
      glow: '#fff6da',
      orb: '#f7d88f',
      hillFar: '#b4cfc0',
      hillNear: '#8fb79c',
      treeline: '#a2c4b0',
      groundTop: '#a7c98a',
      groundBottom: '#6f9e68',
      bed: '#7e5f48',
      path: '#e9dcc2',
      stone: '#bdb6aa',
      stoneDark: '#8d867b',
      moss: '#7fa35a',
      leaf: '#4f8a5b',
      leafDark: '#3f6f64',
      leafLight: '#8fc486',
      trunk: '#6f523f',
      bark: '#f4f0e7',
      petalA: '#d2674c',
      petalB: '#8d7fb8',
      petalC: '#f2c14e',
      centre: '#5a3d2b',
      water: '#79b0bd',
      waterLight: '#d3ecec',
      birch: '#a6cf82',
      maple: '#cf6f4f',
      pine: '#2f5d50',
      oak: '#4b7d52',
      oakLight: '#6f9f5f',
      bird: '#5b5866',
      birdBreast: '#e58c5a',
      wing: '#47444f',
      firefly: '#b8a53c',
      chime: '#b89a5e',
    },
    nightAir: '#1c2445',
    nightDepth: 0.46,
    night: {
      skyTop: '#0f1630',
      skyBottom: '#34406a',
      glow: '#5d6fa6',
      orb: '#f3eedb',
      star: '#f6f1de',
      firefly: '#ffe680',
      dew: '#d6e4ff',
      waterLight: '#a9bde6',
    },
  },
  dawn: {
    day: {
      ...DAY_LIGHTS,
      skyTop: '#f0cfc8',
      skyBottom: '#fcecdc',
      glow: '#ffe9d2',
      orb: '#f6b98e',
      hillFar: '#d9bfc4',
      hillNear: '#b9a6bd',
      treeline: '#cdb6c0',
      groundTop: '#b3cc93',
      groundBottom: '#7ea374',
      bed: '#85604d',
      path: '#f0dfcb',
      stone: '#c6b8b2',
      stoneDark: '#968781',
      moss: '#8eab64',
      leaf: '#5b8d63',
      leafDark: '#44705f',
      leafLight: '#9ccb8f',
      trunk: '#765445',
      bark: '#f7f0ea',
      petalA: '#e07a78',
      petalB: '#a48bc9',
      petalC: '#f5c96a',
      centre: '#5e3b36',
      water: '#93b9cc',
      waterLight: '#f5dfe0',
      birch: '#b2d48e',
      maple: '#d9707a',
      pine: '#36604f',
      oak: '#5b8758',
      oakLight: '#82ab6d',
      bird: '#645a6b',
      birdBreast: '#ee9c7a',
      wing: '#4e4657',
      firefly: '#c0a448',
      chime: '#c3a06e',
    },
    nightAir: '#2a1f44',
    nightDepth: 0.46,
    night: {
      skyTop: '#17122e',
      skyBottom: '#4a3558',
      glow: '#8a6a94',
      orb: '#f7ecdf',
      star: '#fbeee4',
      firefly: '#ffe28a',
      dew: '#f0dcf0',
      waterLight: '#c7b0d8',
    },
  },
  dusk: {
    day: {
      ...DAY_LIGHTS,
      skyTop: '#b8b2dc',
      skyBottom: '#f6d6c3',
      glow: '#ffe0c4',
      orb: '#f3a57a',
      hillFar: '#aaa1c6',
      hillNear: '#8a84ad',
      treeline: '#9d95bc',
      groundTop: '#93ad86',
      groundBottom: '#5f8062',
      bed: '#6d5147',
      path: '#e6d3c6',
      stone: '#b4aeb8',
      stoneDark: '#837c8a',
      moss: '#789a5e',
      leaf: '#4c7d5e',
      leafDark: '#3a6259',
      leafLight: '#88b686',
      trunk: '#63483f',
      bark: '#efeae6',
      petalA: '#d8695a',
      petalB: '#9b86d0',
      petalC: '#f0b85c',
      centre: '#4c3331',
      water: '#8a9fcb',
      waterLight: '#f1d9d0',
      birch: '#98c182',
      maple: '#c45d57',
      pine: '#2c5150',
      oak: '#456f55',
      oakLight: '#68935f',
      bird: '#544e66',
      birdBreast: '#e58d6a',
      wing: '#403b52',
      firefly: '#b59a48',
      chime: '#b29160',
    },
    nightAir: '#221e4c',
    nightDepth: 0.5,
    night: {
      skyTop: '#120f33',
      skyBottom: '#3f3570',
      glow: '#7a6cb0',
      orb: '#f1ecdf',
      star: '#f3eefc',
      firefly: '#ffe07a',
      dew: '#dcd6ff',
      waterLight: '#b3a8e6',
    },
  },
  autumn: {
    day: {
      ...DAY_LIGHTS,
      skyTop: '#d8e0dc',
      skyBottom: '#f8ead2',
      glow: '#fff0d0',
      orb: '#f2c178',
      hillFar: '#cfb996',
      hillNear: '#b39a72',
      treeline: '#c2aa85',
      groundTop: '#c1b06c',
      groundBottom: '#8d8046',
      bed: '#6f4d37',
      path: '#ecdcbd',
      stone: '#bfb3a3',
      stoneDark: '#8e8271',
      moss: '#8d9a4c',
      leaf: '#6f8a4a',
      leafDark: '#56703e',
      leafLight: '#a9bf6c',
      trunk: '#644633',
      bark: '#f3ece0',
      petalA: '#c4543a',
      petalB: '#8f74ae',
      petalC: '#eaa93c',
      centre: '#4f321f',
      water: '#7ea4ad',
      waterLight: '#ecdfc6',
      birch: '#e3b44a',
      maple: '#b8432c',
      pine: '#35594a',
      oak: '#b06f2e',
      oakLight: '#cf9440',
      bird: '#5c5048',
      birdBreast: '#d9783f',
      wing: '#473d36',
      firefly: '#b08b2e',
      chime: '#a98553',
    },
    nightAir: '#221c30',
    nightDepth: 0.46,
    night: {
      skyTop: '#15131f',
      skyBottom: '#46333a',
      glow: '#8c6a58',
      orb: '#f5e6cf',
      star: '#f8eedc',
      firefly: '#ffd66e',
      dew: '#f0e2cf',
      waterLight: '#c9b39a',
    },
  },
};

export function dayColours(key: GardenPaletteKey): Colours {
  return SOURCES[key].day;
}

export function nightColours(key: GardenPaletteKey): Colours {
  const src = SOURCES[key];
  const out = {} as Colours;
  for (const role of ROLES) out[role] = mix(src.day[role], src.nightAir, src.nightDepth);
  return { ...out, ...src.night };
}

const rules = (scope: string, c: Colours) =>
  FILL_ROLES.map((r) => `${scope} .g-${r}{fill:${c[r]}}`).join('') +
  STROKE_ROLES.map((r) => `${scope} .k-${r}{stroke:${c[r]}}`).join('') +
  STOP_ROLES.map((r) => `${scope} .s-${r}{stop-color:${c[r]}}`).join('');

/**
 * The scene's stylesheet for one palette, scoped to the scene's id: day colours, then the
 * night's under prefers-color-scheme: dark. Night-only things (stars, the moon's shadow) are
 * hidden by day. Small (a few kilobytes) and written once per garden on screen.
 */
export function paletteCss(scope: string, key: GardenPaletteKey): string {
  const day = dayColours(key);
  const night = nightColours(key);
  return (
    `${rules(scope, day)}${scope} .g-night{opacity:0}` +
    `@media (prefers-color-scheme: dark){${rules(scope, night)}` +
    `${scope} .g-night{opacity:1}${scope} .g-day{opacity:0}}`
  );
}
