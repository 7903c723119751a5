import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_PATH, CATEGORIES, SKILL_LEVELS, catalogueSchema, loadCatalogue } from './catalogue';

const HOME_MOODS = ['calm', 'confident', 'expressive', 'energized', 'peaceful', 'focused'];
const DISCOVER_MOODS = ['calm', 'confident', 'playful', 'focused', 'healing', 'energized'];
const LISTENING_ROOM_MOODS = ['calm', 'energized', 'healing'];
const INTENTIONS = [
  'find-your-center',
  'speak-with-confidence',
  'connect-with-others',
  'regulate-anxiety',
  'find-calm-under-pressure',
  'spark-motivation',
  'increase-clarity',
  'turn-fear-into-fun',
];

const catalogue = loadCatalogue();
const guided = catalogue.sessions.filter((s) => s.voice_path !== null);
const instrumentalOnly = catalogue.sessions.filter((s) => s.voice_path === null);

describe('demo catalogue manifest', () => {
  it('is found from any working directory (absolute path next to the repo root)', () => {
    expect(path.isAbsolute(CATALOGUE_PATH)).toBe(true);
    expect(CATALOGUE_PATH.endsWith(path.join('fixtures', 'catalogue.json'))).toBe(true);
  });

  it('has at least 24 guided sessions and 6 instrumental-only listening-room tracks', () => {
    expect(guided.length).toBeGreaterThanOrEqual(24);
    expect(instrumentalOnly.length).toBeGreaterThanOrEqual(6);
  });

  it('gives every session a unique stable id, numbered 1..N', () => {
    const ids = catalogue.sessions.map((s) => s.id).sort((a, b) => a - b);
    expect(ids).toEqual(ids.map((_, i) => i + 1));
  });

  it('keeps voice-guided sessions 5-15 minutes and listening-room tracks 1-5, with varied lengths', () => {
    for (const s of catalogue.sessions) {
      const [min, max] = s.voice_path ? [300, 900] : [60, 300];
      expect(s.length_sec, s.title).toBeGreaterThanOrEqual(min);
      expect(s.length_sec, s.title).toBeLessThanOrEqual(max);
    }
    expect(new Set(catalogue.sessions.map((s) => s.length_sec)).size).toBeGreaterThan(10);
  });

  it("includes 'gentle voice awakening', the home screen's fallback recommendation", () => {
    expect(guided.map((s) => s.title)).toContain('gentle voice awakening');
  });

  it('leads with every category and covers every skill level among guided sessions', () => {
    expect(new Set(guided.map((s) => s.category[0]))).toEqual(new Set(CATEGORIES));
    expect(new Set(guided.map((s) => s.skill_level))).toEqual(new Set(SKILL_LEVELS));
  });

  it('covers every home and discover mood with guided sessions', () => {
    const moods = new Set(guided.flatMap((s) => s.moods));
    for (const mood of [...HOME_MOODS, ...DISCOVER_MOODS]) expect(moods, mood).toContain(mood);
  });

  it('covers every listening-room filter with instrumental-only tracks', () => {
    const moods = new Set(instrumentalOnly.flatMap((s) => s.moods));
    for (const mood of LISTENING_ROOM_MOODS) expect(moods, mood).toContain(mood);
  });

  it('stores every spec intention as a space-separated phrase', () => {
    const stored = new Set(guided.flatMap((s) => s.intentions));
    for (const slug of INTENTIONS) expect(stored, slug).toContain(slug.replaceAll('-', ' '));
  });

  it('has searchable tags for the discover hints calm, breathing and morning', () => {
    for (const word of ['calm', 'breathing', 'morning']) {
      expect(
        catalogue.sessions.some((s) => s.tags.includes(word)),
        word,
      ).toBe(true);
    }
  });

  it('names every audio file after its id and title under the sessions or listening-room folder', () => {
    for (const s of catalogue.sessions) {
      const slug = s.title.replaceAll("'", '').replace(/[^a-z0-9]+/g, '-');
      const stem = `${String(s.id).padStart(3, '0')}-${slug}`;
      if (s.voice_path) expect(s.voice_path).toBe(`guided/${stem}-voice.mp3`);
      const folder = s.voice_path ? 'guided' : 'listening-room';
      expect(s.instr_path).toBe(`${folder}/${stem}-instrumental.mp3`);
    }
  });

  it('credits a guide voice exactly on sessions that have a voice track', () => {
    for (const s of catalogue.sessions) {
      const hasGuideCredit = s.musicians.some((m) => m.role.startsWith('guide voice'));
      expect(hasGuideCredit, s.title).toBe(s.voice_path !== null);
    }
  });

  it('rejects a manifest with duplicate ids', () => {
    const first = catalogue.sessions[0];
    const broken = {
      ...catalogue,
      sessions: [...catalogue.sessions, { ...first, instr_path: 'sessions/999-x.mp3' }],
    };
    expect(catalogueSchema.safeParse(broken).success).toBe(false);
  });

  it('rejects a guided session whose recipe has no guide voice', () => {
    const raw = JSON.parse(fs.readFileSync(CATALOGUE_PATH, 'utf8')) as {
      sessions: { voice_path: string | null; recipe: object }[];
    };
    const victim = raw.sessions.find((s) => s.voice_path !== null);
    if (!victim) throw new Error('no guided session');
    victim.recipe = { ...victim.recipe, guide: null };
    expect(catalogueSchema.safeParse(raw).success).toBe(false);
  });
});
