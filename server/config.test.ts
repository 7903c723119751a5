import crypto from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.port).toBe(8787);
    expect(c.dataDir).toBe(path.resolve('/srv/app/data'));
    expect(c.publicUrl).toBe('http://localhost:8787');
    expect(c.demoSeed).toBe(true);
    expect(c.demoMode).toBe(true);
  });

  it('turns the demo seed off with DEMO_SEED=0 and demo mode off in production', () => {
    const c = loadConfig({ DEMO_SEED: '0', NODE_ENV: 'production' });
    expect(c.demoSeed).toBe(false);
    expect(c.demoMode).toBe(false);
  });

  it('reads ADMIN_EMAILS as lower-case addresses, none by default, and names a malformed list', () => {
    expect(loadConfig({}).adminEmails).toEqual([]);
    expect(loadConfig({ ADMIN_EMAILS: ' Ana@Example.org, ben@example.org ,' }).adminEmails).toEqual([
      'ana@example.org',
      'ben@example.org',
    ]);
    expect(() => loadConfig({ ADMIN_EMAILS: 'ana@example.org;ben' })).toThrow(/ADMIN_EMAILS/);
  });

  it('names every invalid setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/PUBLIC_URL/);
    }
  });

  it('takes PostgreSQL from DATABASE_URL and refuses any other kind of URL', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    const url = 'postgres://app:secret@db.internal:5432/tuneful';
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/tuneful' }).databaseUrl).toBe(
      'postgresql://db/tuneful',
    );
    for (const bad of ['mysql://db/tuneful', 'sqlite:///data/app.db', 'db.internal:5432']) {
      expect(() => loadConfig({ DATABASE_URL: bad })).toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
    }
  });

  it('keeps storage in DATA_DIR/storage unless STORAGE_DIR names a (shared) folder', () => {
    expect(loadConfig({ DATA_DIR: 'd' }, '/srv/app').storageDir).toBe(path.resolve('/srv/app/d/storage'));
    expect(loadConfig({ STORAGE_DIR: '/mnt/shared/tuneful' }, '/srv/app').storageDir).toBe(
      path.resolve('/mnt/shared/tuneful'),
    );
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://voice.example.org/' }).publicUrl).toBe(
      'https://voice.example.org',
    );
  });

  it('refuses ports written other than as decimal digits', () => {
    for (const PORT of ['0x7122', '2.8963e4', ' 8080', '8080.0', '-1', '65536']) {
      expect(() => loadConfig({ PORT }), PORT).toThrow(/PORT/);
    }
    expect(loadConfig({ PORT: '28963' }).port).toBe(28963);
  });

  it('refuses a PUBLIC_URL that is not http(s)', () => {
    for (const PUBLIC_URL of [
      'javascript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'ftp://x.org',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL }), PUBLIC_URL).toThrow(
        /PUBLIC_URL must be an absolute http\(s\) URL/,
      );
    }
  });

  it('reads BACKEND_ORIGINS as a list of origins and refuses anything else', () => {
    expect(
      loadConfig({ BACKEND_ORIGINS: 'https://a.example.org, http://b.example.org:8000' }).backendOrigins,
    ).toEqual(['https://a.example.org', 'http://b.example.org:8000']);
    expect(loadConfig({}).backendOrigins).toEqual([]);
    for (const bad of ['https://a.example.org/path', "https://x.org 'unsafe-inline'", 'javascript:1', '*']) {
      expect(() => loadConfig({ BACKEND_ORIGINS: bad }), bad).toThrow(/BACKEND_ORIGINS/);
    }
  });

  it('derives the VAPID contact from PUBLIC_URL or the mail sender, and takes VAPID_SUBJECT as given', () => {
    expect(loadConfig({}).vapidSubject).toBe('mailto:no-reply@localhost.localdomain');
    expect(loadConfig({ PUBLIC_URL: 'https://tuneful.example.org' }).vapidSubject).toBe(
      'https://tuneful.example.org',
    );
    expect(
      loadConfig({
        PUBLIC_URL: 'http://10.0.0.5:8787',
        SMTP_URL: 'smtp://mail.example.org:587?from=hello@example.org',
      }).vapidSubject,
    ).toBe('mailto:hello@example.org');
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@example.org' }).vapidSubject).toBe(
      'mailto:ops@example.org',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.org' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.org' })).toThrow(/VAPID_SUBJECT/);
  });

  it('takes an operator VAPID pair only whole and matching', () => {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const publicKey = ecdh.getPublicKey().toString('base64url');
    const scalar = ecdh.getPrivateKey();
    const privateKey = Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString('base64url');
    expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).vapidKeys).toEqual({
      publicKey,
      privateKey,
    });
    expect(loadConfig({}).vapidKeys).toBeUndefined();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/,
    );
    const other = crypto.createECDH('prime256v1');
    other.generateKeys();
    expect(() =>
      loadConfig({
        VAPID_PUBLIC_KEY: other.getPublicKey().toString('base64url'),
        VAPID_PRIVATE_KEY: privateKey,
      }),
    ).toThrow(/is not the private key/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey })).toThrow(
      /65 bytes/,
    );
  });
});
