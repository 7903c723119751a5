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

describe('the VAPID key pair of practice reminders', () => {
  it('is generated with the other keys, kept in keys.json, and the same on every later start', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keys-'));
    const first = await loadOrCreateKeys(dir);
    expect(Buffer.from(first.vapid.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.vapid.privateKey, 'base64url')).toHaveLength(32);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'keys.json'), 'utf8'))).toMatchObject({
      vapidPublicKey: first.vapid.publicKey,
    });
    expect((await loadOrCreateKeys(dir)).vapid).toEqual(first.vapid);
    fs.rmSync(dir, { recursive: true });
  });

  it('is added once to a keys.json from before reminders, keeping its other keys and mode 0600', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keys-'));
    const file = path.join(dir, 'keys.json');
    const old = { jwtSecret: 'x'.repeat(64), anonKey: 'anon.key.here', serviceRoleKey: 'service.key.here' };
    fs.writeFileSync(file, JSON.stringify(old), { mode: 0o600 });
    const keys = await loadOrCreateKeys(dir);
    expect(keys).toMatchObject(old);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({
      ...old,
      vapidPublicKey: keys.vapid.publicKey,
    });
    expect((await loadOrCreateKeys(dir)).vapid).toEqual(keys.vapid);
    expect(fs.readdirSync(dir)).toEqual(['keys.json']);
    fs.rmSync(dir, { recursive: true });
  });
});
