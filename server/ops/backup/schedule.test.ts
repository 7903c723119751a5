import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { backupsIn, pruneBackups } from './schedule';

describe('scheduled backups', () => {
  it('keep the newest BACKUP_KEEP archives and leave other files alone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuneful-keep-'));
    const names = ['01', '02', '03', '04'].map((d) => `tuneful-2026-11-${d}T00-00-00-000Z.tar.gz`);
    for (const n of [...names, 'notes.txt']) fs.writeFileSync(path.join(dir, n), n);
    expect(pruneBackups(dir, 2).map((f) => path.basename(f))).toEqual([names[1], names[0]]);
    expect(backupsIn(dir).map((f) => path.basename(f))).toEqual([names[3], names[2]]);
    expect(fs.existsSync(path.join(dir, 'notes.txt'))).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('read BACKUP_EVERY as minutes, hours or days and refuse anything else by name', () => {
    const config = (env: Record<string, string>) => loadConfig(env, '/srv');
    expect(config({ BACKUP_EVERY: '24h', BACKUP_DIR: 'b', BACKUP_KEEP: '3' })).toMatchObject({
      backupEveryMs: 86_400_000,
      backupDir: '/srv/b',
      backupKeep: 3,
    });
    expect(config({ BACKUP_EVERY: '30m' }).backupEveryMs).toBe(1_800_000);
    expect(config({}).backupEveryMs).toBeUndefined();
    expect(() => config({ BACKUP_EVERY: '1e3h' })).toThrow(
      /BACKUP_EVERY must be a whole number of minutes, hours or days/,
    );
    expect(() => config({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP must be at least 1/);
  });
});
