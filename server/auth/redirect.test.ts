import { describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { safeRedirect } from './redirect';

const config = testConfig({
  dataDir: '/tmp/unused',
  publicUrl: 'http://localhost:8787',
  redirectAllowList: ['https://app.example.com/members/**', 'https://other.example.com'],
});

describe('safeRedirect', () => {
  it('keeps a URL on our own origin, without any fragment', () => {
    expect(safeRedirect(config, 'http://localhost:8787/reset-password#x')).toBe(
      'http://localhost:8787/reset-password',
    );
  });

  it('keeps allow-listed origins and paths', () => {
    expect(safeRedirect(config, 'https://app.example.com/members/home')).toBe(
      'https://app.example.com/members/home',
    );
    expect(safeRedirect(config, 'https://other.example.com/any')).toBe('https://other.example.com/any');
  });

  it('falls back to the site for foreign origins, other paths, schemes and look-alikes', () => {
    for (const bad of [
      'https://evil.example/',
      'https://app.example.com/admin',
      'javascript:alert(1)',
      'http://localhost:8787@evil.example/',
      'https://app.example.com.evil.example/members/',
      'not a url',
      '',
      undefined,
    ]) {
      expect(safeRedirect(config, bad)).toBe('http://localhost:8787/');
    }
  });
});
