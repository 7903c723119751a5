import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadOrCreateKeys } from './keys';

describe('project keys', () => {
  it('are generated on first run into a file only the owner can read, and reused after', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keys-'));
    const first = await loadOrCreateKeys(dir);
    const mode = fs.statSync(path.join(dir, 'keys.json')).mode & 0o777;
    expect(mode).toBe(0o600);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(48);
    expect(await loadOrCreateKeys(dir)).toEqual(first);
    fs.rmSync(dir, { recursive: true });
  });

  it('make the anon and service keys JWTs carrying their role', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keys-'));
    const keys = await loadOrCreateKeys(dir);
    expect(decodeJwt(keys.anonKey)).toMatchObject({ role: 'anon', iss: 'supabase' });
    expect(decodeJwt(keys.serviceRoleKey)).toMatchObject({ role: 'service_role' });
    fs.rmSync(dir, { recursive: true });
  });
});
