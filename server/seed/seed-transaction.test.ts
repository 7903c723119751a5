import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openDatabase, type DB } from '../db/open';
import { createLogger } from '../lib/logger';
import { loadCatalogue } from './catalogue';
import { bucketDir, seedDemoCatalogue } from './index';

let dir: string;
let db: DB;
const catalogue = loadCatalogue();
const allPaths = catalogue.sessions.flatMap((s) => [s.instr_path, ...(s.voice_path ? [s.voice_path] : [])]);
const lines: string[] = [];
const logger = createLogger('info', (l) => lines.push(l));

/** Stands in for the renderer: writes a small file for each path (except the ones to skip). */
const fakeAudio =
  (skip: string[] = []) =>
  async ({ audioDir }: { audioDir: string }) => {
    const written = [];
    for (const p of allPaths.filter((x) => !skip.includes(x))) {
      fs.mkdirSync(path.dirname(path.join(audioDir, p)), { recursive: true });
      fs.writeFileSync(path.join(audioDir, p), `audio for ${p}`);
      written.push({ path: p, bytes: 10 });
    }
    return written;
  };

const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-'));
  db = openDatabase(path.join(dir, 'app.db'));
  migrate(db);
  lines.length = 0;
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('seeding the demo catalogue', () => {
  it('inserts every session and registers every audio file in the audio bucket', async () => {
    const n = await seedDemoCatalogue({ db, dataDir: dir, logger, buildAudio: fakeAudio() });
    expect(n).toBe(catalogue.sessions.length);
    expect(count('sessions')).toBe(catalogue.sessions.length);
    expect(count('storage_objects')).toBe(allPaths.length);
    expect(fs.existsSync(path.join(bucketDir(dir), allPaths[0]!))).toBe(true);
    const row = db
      .prepare('SELECT category, moods FROM sessions WHERE id = ?')
      .get(catalogue.sessions[0]!.id) as {
      category: string;
      moods: string;
    };
    expect(JSON.parse(row.category)).toEqual(catalogue.sessions[0]!.category);
  });

  it('tells the person at the terminal what it is doing', async () => {
    await seedDemoCatalogue({ db, dataDir: dir, logger, buildAudio: fakeAudio() });
    expect(lines[0]).toMatch(/Preparing the demo catalogue/);
    expect(lines.at(-1)).toMatch(/Demo catalogue ready: \d+ sessions/);
  });

  it('does nothing on a later start when sessions exist', async () => {
    await seedDemoCatalogue({ db, dataDir: dir, logger, buildAudio: fakeAudio() });
    const again = await seedDemoCatalogue({
      db,
      dataDir: dir,
      logger,
      buildAudio: () => Promise.reject(new Error('must not render again')),
    });
    expect(again).toBe(0);
  });

  it('leaves no rows at all when a file is missing at insert time', async () => {
    const missing = allPaths.at(-1)!;
    await expect(
      seedDemoCatalogue({ db, dataDir: dir, logger, buildAudio: fakeAudio([missing]) }),
    ).rejects.toThrow();
    expect(count('sessions')).toBe(0);
    expect(count('storage_objects')).toBe(0);
  });

  it('leaves no rows when rendering fails halfway', async () => {
    const failing = async () => {
      throw new Error('worker crashed');
    };
    await expect(seedDemoCatalogue({ db, dataDir: dir, logger, buildAudio: failing })).rejects.toThrow(
      'worker crashed',
    );
    expect(count('sessions')).toBe(0);
  });
});
