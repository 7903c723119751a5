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

  it('names every invalid setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/PUBLIC_URL/);
    }
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://voice.example.org/' }).publicUrl).toBe(
      'https://voice.example.org',
    );
  });
});
